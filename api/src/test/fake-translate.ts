import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A translation provider on loopback speaking LibreTranslate's or DeepL's HTTP API: it
 * "translates" by prefixing the target language ('[de] Hello'), records every call, and can be
 * told to fail with a status or to hang.
 */
export interface FakeTranslate {
  url: string;
  calls: ReceivedCall[];
  /** Answer every call with this status (and an error body) instead of a translation. */
  failWith: number | null;
  /** Never answer (the client's timeout must end the wait). */
  hang: boolean;
  close(): Promise<void>;
}

export async function startFakeTranslate(api: 'libretranslate' | 'deepl'): Promise<FakeTranslate> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const fake: FakeTranslate = {
    url: '',
    calls: [],
    failWith: null,
    hang: false,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {}
    fake.calls.push({ path: req.url ?? '', headers: req.headers, body });
    if (fake.hang) {
      hanging.add(res);
      return;
    }
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (fake.failWith) return json(fake.failWith, { error: 'Provider failure', message: 'Provider failure' });
    if (api === 'libretranslate') {
      const b = body as { q?: string; target?: string };
      if (req.method !== 'POST' || req.url !== '/translate' || typeof b?.q !== 'string') {
        return json(400, { error: 'Invalid request' });
      }
      return json(200, { translatedText: `[${b.target}] ${b.q}`, detectedLanguage: { language: 'en' } });
    }
    const b = body as { text?: string[]; target_lang?: string };
    if (req.method !== 'POST' || req.url !== '/v2/translate' || !Array.isArray(b?.text)) {
      return json(400, { message: 'Bad request' });
    }
    if (!String(req.headers.authorization ?? '').startsWith('DeepL-Auth-Key ')) {
      return json(403, { message: 'Authorization failure' });
    }
    return json(200, {
      translations: b.text.map((t) => ({ detected_source_language: 'EN', text: `[${b.target_lang}] ${t}` })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
