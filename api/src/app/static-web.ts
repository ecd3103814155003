import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';

/** Source maps: the build keeps them for debugging ('hidden'), the public never gets them. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

function decodedPath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and the shell
 * never cached (so a deploy is picked up), and index.html for every client route. Source
 * maps answer 404.
 */
export function mountWeb(app: Hono<AppEnv>, webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('*', async (c, next) => {
    if (SOURCE_MAP.test(c.req.path) || SOURCE_MAP.test(decodedPath(c.req.path))) return c.notFound();
    await next();
  });
  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), webDir) || '.',
      // The build writes .br and .gz copies (scripts/precompress.ts): sent where accepted.
      precompressed: true,
      onFound: (file, c) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          c.header('Cache-Control', 'no-cache');
        }
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
