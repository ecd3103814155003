/**
 * Renders the PWA / home-screen PNG icons from the mark in web/public/favicon.svg.
 * Re-runnable: `node scripts/make-icons.mjs` (needs Chromium at /usr/bin/chromium, or CHROMIUM_PATH).
 *
 * Output (all opaque, full-bleed navy):
 *   web/public/icons/icon-192.png        purpose "any"
 *   web/public/icons/icon-512.png        purpose "any"
 *   web/public/icons/maskable-512.png    purpose "maskable" (mark well inside the central 80% safe zone)
 *   web/public/icons/apple-touch-icon.png 180x180 (iOS rounds the corners itself)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'web', 'public');
const outDir = join(publicDir, 'icons');

const NAVY = '#0b1220';
const AMBER = '#f59e0b';

/** The favicon is drawn on a 32-unit grid; the chip with its pins spans 2..30, i.e. 28 units. */
const GRID = 32;
const MARK_EXTENT = 28;

const favicon = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
const match = favicon.match(/<g id="mark">([\s\S]*?)<\/g>/);
if (!match) throw new Error('web/public/favicon.svg has no <g id="mark">…</g>');
const mark = match[1].trim();

/**
 * @param {number} size output size in px
 * @param {number} markFraction share of the width taken by the chip including pins
 */
function iconSvg(size, markFraction) {
  const scale = (size * markFraction) / MARK_EXTENT;
  const offset = size / 2 - (GRID / 2) * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="glow" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="${AMBER}" stop-opacity="0.22"/>
      <stop offset="0.6" stop-color="${AMBER}" stop-opacity="0.05"/>
      <stop offset="1" stop-color="${AMBER}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#111a2e"/>
      <stop offset="1" stop-color="${NAVY}"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${size * markFraction * 0.78}" fill="url(#glow)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, markFraction: 0.74 },
  { file: 'icon-512.png', size: 512, markFraction: 0.74 },
  // Maskable: the safe zone is a centred circle of diameter 80%; the chip's farthest point
  // (a pin end) is ~0.53 * extent from the centre, so 0.6 keeps it at ~32% of the size, inside the 40% radius.
  { file: 'maskable-512.png', size: 512, markFraction: 0.6 },
  { file: 'apple-touch-icon.png', size: 180, markFraction: 0.68 },
];

function pngSize(buf) {
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const { file, size, markFraction } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:${NAVY};overflow:hidden}svg{display:block}</style></head><body>${iconSvg(size, markFraction)}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: false,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    const { width, height } = pngSize(png);
    if (width !== size || height !== size)
      throw new Error(`${file}: got ${width}x${height}, expected ${size}`);
    await writeFile(join(outDir, file), png);
    console.info(`wrote web/public/icons/${file} (${size}x${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
