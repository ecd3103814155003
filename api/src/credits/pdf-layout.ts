import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Noto Sans (SIL Open Font Licence, the TrueType files of @expo-google-fonts/noto-sans): PDF's
 * standard Helvetica writes WinAnsi alone, so a buyer named Łukasz or İnce printed as mojibake
 * (docs/decisions/075-invoice-font.md). The files stay in node_modules, where the image's `pnpm
 * deploy --prod` puts them too (Dockerfile), and are found from this module, in the source and
 * from its bundled chunk alike; pdfkit embeds only the glyphs a document uses.
 */
const fontFile = (style: '400Regular' | '700Bold') =>
  createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${style}/NotoSans_${style}.ttf`);
export const REGULAR = fontFile('400Regular');
export const BOLD = fontFile('700Bold');

/** The page's left and right edges (A4, 50 pt margins). */
export const LEFT = 50;
export const RIGHT = 545;

export function ukDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** A time to the second, in UTC, e.g. '02 Dec 2026, 19:52:07 UTC'. */
export function ukDateTime(d: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(d);
  return `${ukDate(d)}, ${time} UTC`;
}

/** An A4 document in the house font, and the bytes it will be once ended. */
export function newPdf(info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, font: REGULAR, info });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
