// A server process for last-resort.test.ts: the real handlers on the real `process`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { installLastResort } from './last-resort';
import { createLogger } from './logger';
import { inRequestScope } from './request-scope';
import { drainServer } from './shutdown';

const logger = createLogger('info');
const server = createServer((req, res) => {
  if (req.url === '/reject') {
    // Work this request leaves running, which fails after the answer with nobody awaiting it.
    inRequestScope({ reqId: 'req-fixture-0001' }, () => {
      void (async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('detached work failed');
      })();
      res.end('rejected');
    });
    return;
  }
  if (req.url === '/reject-outside') {
    void Promise.reject(new Error('failed outside any request'));
    res.end('rejected');
    return;
  }
  if (req.url === '/throw') {
    setTimeout(() => {
      throw new Error('thrown outside any request');
    }, 10);
    res.end('thrown');
    return;
  }
  if (req.url === '/slow') {
    setTimeout(() => res.end('slow done'), 500);
    return;
  }
  res.end('ok');
});
installLastResort(process, {
  logger,
  stop: async () => {
    await drainServer(server, 5_000);
  },
  exit: (code) => process.exit(code),
  hardStopMs: 10_000,
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
