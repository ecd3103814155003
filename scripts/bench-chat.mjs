// The ticket chat under load, printed (never asserted). Two figures:
// 1. Delivery latency for 50 rooms x 3 clients on loopback: real y-websocket clients on the
//    built portal's /api/chat (the tuner who owns the ticket, an admin, the admin in a second
//    session), against a plain `ws` server in a child process that broadcasts each message to
//    the other 2 clients of its room. Same messages, sizes and pacing; 3 rounds, portal and
//    baseline interleaved, medians. Goal: portal p99 at most 2x the plain broadcast.
// 2. Memory of the portal process after 1,000 room cycles (3 clients join, sync, all leave) against
//    the start (after a warm-up), read through the inspector (--inspect, no hook in the server)
//    after a full GC; then a heap snapshot counts the rooms left loaded. Goal: at most 1.1x.
// The rooms are tickets of `pnpm seed:demo` (demo tuners sign in with its password).
//
// On its own: `pnpm --filter @ecu/api build && node scripts/bench-chat.mjs`. PGlite always; add
// BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 to run the same against PostgreSQL too
// (it creates and drops a database named ecu_bench_chat_*). BENCH_CHAT_INTERVAL_MS,
// BENCH_CHAT_MESSAGES and BENCH_CHAT_CYCLES change the load; BENCH_CHAT_PORTAL_ARGS adds node
// flags to the latency server's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/chat-prof`), which are
// deploy/node-args.json's or BENCH_NODE_ARGS (scripts/portal-process.mjs).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDatabase } from './bench-postgres.mjs';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
// ws, yjs and y-websocket are dependencies of the api package, not of the workspace root. Yjs
// must be the ESM build y-websocket itself imports (two copies of Yjs do not mix).
const requireApi = createRequire(path.join(root, 'api/package.json'));
const WebSocket = requireApi('ws');
const fromApi = (file) => import(pathToFileURL(path.join(root, 'api/node_modules', file)).href);

const ADMIN = { email: 'bench-chat-admin@bench.test', password: 'bench-password-1' };
const ROOMS = 50;
const CLIENTS = 3;
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 20); // per room and run
const INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS || 4); // between two sends, any room
const TEXT_LENGTH = 120;
const ROUNDS = 3;
const WARM_UP_CYCLES = 50;
const CYCLES = Number(process.env.BENCH_CHAT_CYCLES || 1000);
const SETTLE_MS = 1000;
const GOAL_LATENCY = 2;
const GOAL_MEMORY = 1.1;
/** The Y.Array of messages in a ticket's doc (docs/decisions/022-chat-on-yjs.md). */
const MESSAGES_ARRAY = 'messages';
const MESSAGE_ACK = 101;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed:\n${err}${out}`)),
    );
  });
}

/** A child node process; resolves once `ready(stderr/stdout text so far)` gives a value. */
function startChild(args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  let settled = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${text}`)), 60_000);
    const check = async () => {
      const value = await ready(text);
      if (value === undefined || settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ child, value });
    };
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        text += d;
        // Pass the server's errors on, not the inspector's banner.
        if (sink && !/Debugger listening|For help, see|Debugger attached/.test(String(d))) sink.write(d);
        void check();
      });
    take(child.stdout, null);
    take(child.stderr, process.stderr);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${text}`)));
    const poll = setInterval(() => (child.exitCode === null ? void check() : clearInterval(poll)), 100);
    timer.unref();
    poll.unref();
  });
}

const stop = (child) =>
  new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r) && child.kill('SIGTERM')));

/** The built portal with its production node flags (scripts/portal-process.mjs) and `extraArgs`. */
function startPortal(env, baseUrl, extraArgs = []) {
  const inspect = extraArgs.some((a) => a.startsWith('--inspect'));
  return startChild([...portalNodeArgs(), ...extraArgs, PORTAL_ENTRY], env, async (text) => {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok) return undefined;
    return inspect ? (text.match(/Debugger listening on (ws:\/\/\S+)/)?.[1] ?? undefined) : true;
  });
}

let ipCounter = 0;
async function signIn(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    // Each sign-in from its own client IP, so the per-IP limit never trips (TRUST_PROXY=on).
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      'x-forwarded-for': `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(`${baseUrl}/api/auth/getMe`, { headers: { cookie } }).then((r) => r.json());
  return { cookie, id: me.data._id };
}

async function listAll(baseUrl, cookie, list) {
  const rows = [];
  let cursor = null;
  do {
    const query = `limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = await fetch(`${baseUrl}/api/admin/${list}?${query}`, { headers: { cookie } }).then((r) =>
      r.json(),
    );
    rows.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return rows;
}

/** ROOMS tickets whose owners may chat, with a session each: owner, admin, admin again. */
async function rooms(baseUrl, tunerPassword) {
  const adminA = await signIn(baseUrl, ADMIN.email, ADMIN.password);
  const adminB = await signIn(baseUrl, ADMIN.email, ADMIN.password);
  const users = new Map((await listAll(baseUrl, adminA.cookie, 'getAllUsers')).map((u) => [u._id, u]));
  const tickets = (await listAll(baseUrl, adminA.cookie, 'getAllEcuFiles'))
    .filter((t) => {
      const owner = users.get(t.userId?._id);
      return owner && owner.role === 'user' && owner.verified && owner.onBoarded && !owner.disabled;
    })
    .slice(0, ROOMS);
  if (tickets.length < ROOMS) throw new Error(`only ${tickets.length} tickets with an able owner`);
  const owners = new Map();
  for (const t of tickets) {
    if (!owners.has(t.userId._id))
      owners.set(t.userId._id, await signIn(baseUrl, t.userId.email, tunerPassword));
  }
  return tickets.map((t) => ({
    ticketNumber: t.ticketNumber,
    sessions: [owners.get(t.userId._id), adminA, adminB],
  }));
}

// --- Delivery: what is measured, the same for both servers -------------------------------------

let active = null; // the run in progress: { sent: Map<id, {at, by, left}>, samples, done }

function arrived(id, by) {
  const now = performance.now();
  const s = active?.sent.get(id);
  if (!s || s.by === by) return;
  active.samples.push(now - s.at);
  if (--s.left === 0) active.sent.delete(id);
  if (active.sent.size === 0 && active.allSent) active.done();
}

const FILLER =
  'The car pulls cleanly to the limiter now, but the boost still spikes at 3,000 rpm. Log attached tomorrow. ';
const makeMessage = (k, senderId) => ({
  id: randomUUID(),
  senderId,
  text: `#${k} ${FILLER.repeat(2)}`.slice(0, TEXT_LENGTH),
  time: Date.now(),
});

/** MESSAGES per room, one every INTERVAL_MS, rooms and senders in turn; the latencies. */
async function deliver(clientsByRoom) {
  const run = { sent: new Map(), samples: [], allSent: false };
  const finished = new Promise((resolve) => {
    run.done = resolve;
  });
  active = run;
  const total = ROOMS * MESSAGES;
  const start = performance.now() + 10;
  for (let k = 0; k < total; k++) {
    const wait = start + k * INTERVAL_MS - performance.now();
    if (wait >= 1) await sleep(wait);
    const client = clientsByRoom[k % ROOMS][Math.floor(k / ROOMS) % CLIENTS];
    const message = makeMessage(k, client.userId);
    run.sent.set(message.id, { at: performance.now(), by: client, left: CLIENTS - 1 });
    client.send(message);
  }
  run.allSent = true;
  if (run.sent.size === 0) run.done();
  await Promise.race([finished, sleep(15_000)]);
  active = null;
  const missing = [...run.sent.values()].reduce((n, s) => n + s.left, 0);
  const sorted = run.samples.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length, missing };
}

function opened(ws) {
  return new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
}

/** 3 plain ws clients per room on the baseline server. */
async function plainClients(port, roomsList) {
  const all = [];
  for (const [r, room] of roomsList.entries()) {
    const clients = room.sessions.map((session) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/room/${r}`);
      const client = { userId: session.id, ws, send: (m) => ws.send(JSON.stringify(m)) };
      ws.on('message', (data) => arrived(JSON.parse(String(data)).id, client));
      return client;
    });
    await Promise.all(clients.map((c) => opened(c.ws)));
    all.push(clients);
  }
  return all;
}

// --- The portal's clients: y-websocket 3 as the web app uses it ---------------------------------

async function yLibs() {
  const Y = await fromApi('yjs/dist/yjs.mjs');
  const { WebsocketProvider } = await fromApi('y-websocket/src/y-websocket.js');
  return { Y, WebsocketProvider };
}

/** A y-websocket client on a ticket's room with a session's cookie and our Origin; resolves when synced. */
async function portalClient(libs, baseUrl, session, ticketNumber, onMessage) {
  const { Y, WebsocketProvider } = libs;
  const headers = { cookie: session.cookie, origin: baseUrl };
  class BrowserLikeSocket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers });
    }
  }
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(
    `${baseUrl.replace(/^http/, 'ws')}/api/chat`,
    String(ticketNumber),
    doc,
    {
      WebSocketPolyfill: BrowserLikeSocket,
      disableBc: true,
    },
  );
  provider.messageHandlers[MESSAGE_ACK] = () => {}; // the server's acks: not measured
  const messages = doc.getArray(MESSAGES_ARRAY);
  const client = {
    userId: session.id,
    send: (m) => messages.push([m]),
    async close() {
      const ws = provider.ws;
      provider.destroy();
      doc.destroy();
      if (ws && ws.readyState !== WebSocket.CLOSED) await new Promise((r) => ws.once('close', r));
    },
  };
  if (onMessage) {
    messages.observe((event) => {
      if (event.transaction.local) return;
      for (const item of event.changes.added)
        for (const m of item.content.getContent()) onMessage(m.id, client);
    });
  }
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`room ${ticketNumber}: not synced within 15 s`)), 15_000);
    provider.on('sync', (synced) => {
      if (!synced) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

async function portalClients(libs, baseUrl, roomsList) {
  const all = [];
  for (const room of roomsList) {
    all.push(
      await Promise.all(room.sessions.map((s) => portalClient(libs, baseUrl, s, room.ticketNumber, arrived))),
    );
  }
  return all;
}

// --- Memory through the inspector (no hook in the server) ---------------------------------------

/** Instances of these constructors in the server's heap: a room, its Y.Doc and its awareness. */
const TRACKED = ['ChatRoom', 'Doc', 'Awareness'];

async function inspector(url) {
  const ws = new WebSocket(url, { maxPayload: 0 });
  await opened(ws);
  let id = 0;
  const pending = new Map();
  let chunks = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(m.params.chunk);
    else if (m.id && pending.has(m.id)) pending.get(m.id)(m);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, (m) => {
        pending.delete(n);
        if (m.error) reject(new Error(m.error.message));
        else resolve(m.result);
      });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  /** How many objects of each TRACKED constructor a heap snapshot holds. */
  const census = async () => {
    chunks = [];
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const { snapshot, nodes, strings } = JSON.parse(chunks.join(''));
    chunks = [];
    const fields = snapshot.meta.node_fields;
    const objectType = snapshot.meta.node_types[0].indexOf('object');
    const [typeAt, nameAt] = [fields.indexOf('type'), fields.indexOf('name')];
    const counts = Object.fromEntries(TRACKED.map((name) => [name, 0]));
    for (let i = 0; i < nodes.length; i += fields.length) {
      if (nodes[i + typeAt] !== objectType) continue;
      const name = strings[nodes[i + nameAt]];
      if (name in counts) counts[name]++;
    }
    return counts;
  };
  return {
    /** process.memoryUsage() of the server after two full collections, and its census. */
    async memory() {
      await call('HeapProfiler.enable');
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const r = await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      return JSON.parse(r.result.value);
    },
    census,
    close: () => ws.close(),
  };
}

/** `count` cycles: the 3 clients of a room join and sync, then all leave. */
async function roomCycles(libs, baseUrl, roomsList, count, offset = 0) {
  for (let i = 0; i < count; i++) {
    const room = roomsList[(offset + i) % roomsList.length];
    const clients = await Promise.all(
      room.sessions.map((s) => portalClient(libs, baseUrl, s, room.ticketNumber)),
    );
    await Promise.all(clients.map((c) => c.close()));
  }
  // The last rooms unload (and store) once their sockets are gone on the server.
  await sleep(SETTLE_MS);
}

// --- The whole benchmark -------------------------------------------------------------------------

/** Seeds a database, measures delivery, then memory in a fresh process on the same data. */
async function benchBackend(backend, port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-bench-chat-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ...benchProcessEnv(),
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: backend.url ?? '',
    // Required with DATABASE_URL (several processes must share it); any fixed value for a bench.
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'on',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const processes = [];
  try {
    await backend.create?.();
    const args = ['--silent', 'seed:demo', '--users', '120', '--tickets', '90', '--payments', '0', '--json'];
    const seeded = JSON.parse((await run('pnpm', args, env)).trim().split('\n').at(-1));
    const libs = await yLibs();

    // 1. Delivery latency.
    const portalArgs = (process.env.BENCH_CHAT_PORTAL_ARGS || '').split(' ').filter(Boolean);
    const portal = await startPortal(env, baseUrl, portalArgs);
    processes.push(portal.child);
    const plain = await startChild([import.meta.filename, '--plain-ws-server'], env, (text) => {
      const m = text.match(/listening on (\d+)/);
      return m ? Number(m[1]) : undefined;
    });
    processes.push(plain.child);
    const roomsList = await rooms(baseUrl, seeded.password);
    const systems = {
      portal: await portalClients(libs, baseUrl, roomsList),
      plain: await plainClients(plain.value, roomsList),
    };
    await deliver(systems.portal); // warm-up of both: JIT, the rooms' first stored updates
    await deliver(systems.plain);
    const results = { portal: [], plain: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['portal', 'plain'] : ['plain', 'portal'];
      for (const name of order) results[name].push(await deliver(systems[name]));
    }
    for (const clients of systems.portal) await Promise.all(clients.map((c) => c.close()));
    for (const clients of systems.plain) for (const c of clients) c.ws.close();
    await stop(plain.child);
    await stop(portal.child);

    // 2. Memory, in a fresh portal process on the same data (rooms with history).
    const inspected = await startPortal(env, baseUrl, ['--inspect=127.0.0.1:0']);
    processes.push(inspected.child);
    const cdp = await inspector(inspected.value);
    await roomCycles(libs, baseUrl, roomsList, WARM_UP_CYCLES);
    const before = await cdp.memory();
    const t = performance.now();
    const half = Math.floor(CYCLES / 2);
    await roomCycles(libs, baseUrl, roomsList, half, WARM_UP_CYCLES);
    const cyclesMs = performance.now() - t - SETTLE_MS;
    const middle = await cdp.memory();
    const t2 = performance.now();
    await roomCycles(libs, baseUrl, roomsList, CYCLES - half, WARM_UP_CYCLES + half);
    const cyclesMs2 = performance.now() - t2 - SETTLE_MS;
    const after = await cdp.memory();
    // Last: a heap snapshot grows the RSS for good.
    const live = await cdp.census();
    cdp.close();
    await stop(inspected.child);

    printLatency(backend.name, results, wireSizes(libs));
    printMemory(backend.name, [before, middle, after], live, cyclesMs + cyclesMs2);
  } finally {
    for (const child of processes) await stop(child);
    await backend.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function postgresBackend(adminUrl) {
  return { name: 'PostgreSQL', ...scratchDatabase(adminUrl, `ecu_bench_chat_${process.pid}`) };
}

export async function benchChat({ port = 3192 } = {}) {
  if (!existsSync(PORTAL_ENTRY)) {
    throw new Error('api/dist/main.mjs is missing: run `pnpm --filter @ecu/api build` first');
  }
  process.setMaxListeners(ROOMS * CLIENTS + 20); // y-websocket listens for 'exit' once per client
  const started = performance.now();
  await benchBackend({ name: 'PGlite' }, port);
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (postgresUrl) await benchBackend(postgresBackend(postgresUrl), port);
  console.info(`  (chat bench: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

/** Bytes on the wire for one message: the Yjs update the portal relays, the JSON the baseline relays. */
function wireSizes({ Y }) {
  const message = makeMessage(1, 'x'.repeat(32));
  const doc = new Y.Doc();
  let update = 0;
  doc.on('update', (u) => {
    update = u.length;
  });
  doc.getArray(MESSAGES_ARRAY).push([message]);
  doc.destroy();
  return { update, json: Buffer.byteLength(JSON.stringify(message)) };
}

function printLatency(backend, results, sizes) {
  const f = (ms) => `${ms.toFixed(2).padStart(6)} ms`;
  const total = ROOMS * MESSAGES;
  console.info(
    `\nChat delivery on ${backend}, ${ROOMS} rooms x ${CLIENTS} clients on loopback: ${MESSAGES} messages a room (${total} a run, each to the other ${CLIENTS - 1} clients), one every ${INTERVAL_MS} ms, ${TEXT_LENGTH}-character texts (Yjs update ${sizes.update} B, baseline JSON ${sizes.json} B); ${ROUNDS} rounds interleaved, median`,
  );
  const rows = [
    ['portal /api/chat (y-websocket 3)', results.portal],
    ['plain ws broadcast (baseline)', results.plain],
  ];
  for (const [label, runs] of rows) {
    const missing = runs.reduce((n, r) => n + r.missing, 0);
    console.info(
      `  ${label.padEnd(34)} p50 ${f(median(runs.map((r) => r.p50)))}   p99 ${f(median(runs.map((r) => r.p99)))}   (p99 of the rounds: ${runs.map((r) => r.p99.toFixed(1)).join(', ')} ms${missing ? `; ${missing} deliveries MISSING` : ''})`,
    );
  }
  const ratio = median(results.portal.map((r) => r.p99)) / median(results.plain.map((r) => r.p99));
  const p50ratio = median(results.portal.map((r) => r.p50)) / median(results.plain.map((r) => r.p50));
  const mark =
    ratio > GOAL_LATENCY ? `  ABOVE the goal of ${GOAL_LATENCY}x` : `  (goal: at most ${GOAL_LATENCY}x)`;
  console.info(
    `  ${'portal / plain'.padEnd(34)} p50 ${p50ratio.toFixed(2).padStart(6)}x    p99 ${ratio.toFixed(2).padStart(6)}x${mark}`,
  );
}

function printMemory(backend, [before, middle, after], live, cyclesMs) {
  console.info(
    `Chat memory of the portal process on ${backend}, ${CYCLES} room cycles (3 clients join, sync, all leave; ${ROOMS} rooms in turn), after a full GC:`,
  );
  const row = (label, m) =>
    console.info(
      `  ${label.padEnd(34)} heap used ${mb(m.heapUsed).padStart(9)}   RSS ${mb(m.rss).padStart(9)}   external ${mb(m.external).padStart(8)}`,
    );
  row(`after ${WARM_UP_CYCLES} warm-up cycles (start)`, before);
  row(`after ${Math.floor(CYCLES / 2)} more cycles`, middle);
  row(`after ${CYCLES} more cycles (end)`, after);
  const heap = after.heapUsed / before.heapUsed;
  const rss = after.rss / before.rss;
  const mark = (x) => (x > GOAL_MEMORY ? ' ABOVE the goal' : '');
  console.info(
    `  ${'end / start'.padEnd(34)} heap used ${heap.toFixed(2)}x${mark(heap)}   RSS ${rss.toFixed(2)}x${mark(rss)}   (goal: at most ${GOAL_MEMORY}x; ${(cyclesMs / CYCLES).toFixed(1)} ms a cycle)`,
  );
  const objects = TRACKED.map((name) => `${name} ${live[name]}`).join(', ');
  console.info(
    `  ${'left in the heap at the end'.padEnd(34)} ${objects}   (rooms unloaded: all should be 0)`,
  );
}

/** The baseline: relays each message to the other clients of its room (the URL path). */
function plainServer() {
  const wss = new WebSocket.WebSocketServer({ host: '127.0.0.1', port: 0 });
  const roomsByPath = new Map();
  wss.on('connection', (ws, req) => {
    const room = roomsByPath.get(req.url) ?? new Set();
    roomsByPath.set(req.url, room);
    room.add(ws);
    ws.on('message', (data, isBinary) => {
      for (const other of room) if (other !== ws) other.send(data, { binary: isBinary });
    });
    ws.on('close', () => room.delete(ws));
  });
  wss.on('listening', () => console.info(`listening on ${wss.address().port}`));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--plain-ws-server') plainServer();
  else await benchChat();
}
