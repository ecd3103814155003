import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The api package, where `--import tsx` resolves tsx. */
const apiDir = path.resolve(here, '../..');

interface Fixture {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The fixture server in a process of its own, with the last resort on its real `process`. */
async function startFixture(): Promise<Fixture> {
  // Node itself with tsx's loader, not tsx's CLI: the CLI runs the script in a child of its own,
  // which a SIGKILL of the CLI would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'last-resort.fixture.ts')], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c;
  });
  let stdout = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c;
      const found = /listening (\d+)/.exec(stdout);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}: ${stderr}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

/** JSON log lines of the fixture's stderr. */
function errorLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The fixture's JSON line that mentions `text`, once it has written it. */
function lineAbout(fixture: Fixture, text: string): Promise<Record<string, unknown>> {
  return vi.waitFor(
    () => {
      const found = errorLines(fixture.stderr()).find((l) => JSON.stringify(l).includes(text));
      if (!found) throw new Error(`no line about ${text} yet`);
      return found;
    },
    { timeout: 10_000 },
  );
}

describe('the last resort of the process', () => {
  it('logs an unhandled rejection with its request id and keeps serving', async () => {
    const fixture = await startFixture();
    expect(await (await fetch(`${fixture.url}/reject`)).text()).toBe('rejected');
    for (let i = 0; i < 3; i += 1) expect(await (await fetch(`${fixture.url}/`)).text()).toBe('ok');
    // The work fails after the answer: its line comes when it does.
    const line = await lineAbout(fixture, 'detached work');
    expect(line).toMatchObject({ level: 'error', reqId: 'req-fixture-0001' });
    expect(JSON.stringify(line)).toContain('detached work failed');
    expect(fixture.child.exitCode).toBeNull();
  });

  it('logs a rejection outside any request without a request id', async () => {
    const fixture = await startFixture();
    expect(await (await fetch(`${fixture.url}/reject-outside`)).text()).toBe('rejected');
    expect(await (await fetch(`${fixture.url}/`)).text()).toBe('ok');
    const line = await lineAbout(fixture, 'failed outside');
    expect(line).toMatchObject({ level: 'error', msg: 'Unhandled promise rejection (still serving):' });
    expect(line).not.toHaveProperty('reqId');
  });

  it('logs an uncaught exception, finishes the answer in flight and exits with 1', async () => {
    const fixture = await startFixture();
    const slow = fetch(`${fixture.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    expect(await (await fetch(`${fixture.url}/throw`)).text()).toBe('thrown');
    const [code] = await once(fixture.child, 'exit');
    expect(code).toBe(1);
    expect(await slow).toBe('slow done');
    const line = errorLines(fixture.stderr()).find((l) => String(l.msg).includes('Uncaught exception'));
    expect(JSON.stringify(line)).toContain('thrown outside any request');
  });
});
