// The baseline of scripts/bench-server.mjs: node:http and postgres.js, no framework, hand-written
// SQL. It answers a few of the portal's reads with the very same JSON, so what the portal costs
// on top of "a query and JSON.stringify" can be measured. Not an app: no gates beyond what those
// reads need, no headers beyond Content-Type.
// Env: DATABASE_URL, AUTH_SECRET (verifies the portal's signed session cookie), PORT.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// postgres.js is a dependency of the api package, not of the workspace root.
const postgres = createRequire(path.join(root, 'api/package.json'))('postgres');
const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} });
const secret = process.env.AUTH_SECRET ?? '';

/** better-auth's signed cookie value `token.base64(hmac-sha256)`: the token, or undefined. */
function sessionToken(cookieHeader = '') {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (!part.slice(0, eq).trim().endsWith('session_token')) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
  }
}

/** The signed-in account that passes the portal's gates (onboarded, verified, enabled), if any. */
async function account(req) {
  const token = sessionToken(req.headers.cookie);
  if (!token) return undefined;
  const [user] = await sql`
    select u.id, u.role from sessions s join users u on u.id = s.user_id
    where s.token = ${token} and s.expires_at > now() and u.deleted_at is null
      and u.on_boarded and u.email_verified and not u.disabled`;
  return user;
}

const file = (r) =>
  r && {
    id: r.f_id,
    name: r.f_name,
    size: Number(r.f_size),
    sha256: r.f_sha256,
    url: `/api/files/${r.f_id}`,
  };

/** Rows of tickets left-joined with their files (files in upload order) as the portal's DTOs. */
function ticketDtos(rows, withOwner) {
  const byId = new Map();
  for (const r of rows) {
    let t = byId.get(r.id);
    if (!t) {
      t = { row: r, files: [] };
      byId.set(r.id, t);
    }
    if (r.f_id) t.files.push(r);
  }
  return [...byId.values()].map(({ row: t, files }) => ({
    _id: t.id,
    ticketNumber: t.ticket_number,
    make: t.make,
    model: t.model,
    year: t.year,
    registration: t.registration,
    ecuId: t.ecu_id,
    transmission: t.transmission,
    readTool: t.read_tool,
    readType: t.read_type,
    masterSlave: t.master_slave,
    stage: t.stage,
    options: t.options,
    notes: t.notes,
    creditsNeed: t.credits_need,
    status: t.status,
    charged: t.charged_at !== null && t.refunded_at === null,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    ecuFile: file(files.find((f) => f.f_kind === 'ecu')) ?? null,
    commonFiles: files.filter((f) => f.f_kind === 'common').map(file),
    ecuTunedFile: file(files.findLast((f) => f.f_kind === 'tuned')) ?? null,
    ...(withOwner
      ? { userId: { _id: t.user_id, firstName: t.o_first_name, lastName: t.o_last_name, email: t.o_email } }
      : {}),
  }));
}

const FILE_COLUMNS = sql`f.id as f_id, f.kind as f_kind, f.name as f_name, f.size as f_size, f.sha256 as f_sha256`;

const routes = {
  async '/api/health'() {
    await sql`select 1`;
    return [200, { success: true, message: 'OK', data: { db: 'ok' } }];
  },
  async '/api/ecuFile/my-files'(req, query) {
    const user = await account(req);
    if (user?.role !== 'user') return [403, { success: false, message: 'Forbidden', errors: [] }];
    const limit = Number(query.get('limit') ?? 100);
    const before = query.get('cursor') ? Number(query.get('cursor')) : null;
    const rows = await sql`
      with page as (
        select * from tickets where user_id = ${user.id}
          and (${before}::int is null or ticket_number < ${before}::int)
        order by ticket_number desc limit ${limit + 1})
      select page.*, ${FILE_COLUMNS} from page left join ticket_files f on f.ticket_id = page.id
      order by page.ticket_number desc, f.created_at, f.id`;
    const all = ticketDtos(rows, false);
    const data = all.slice(0, limit);
    const nextCursor = all.length > limit ? String(data.at(-1).ticketNumber) : null;
    return [200, { success: true, message: 'Your files', data, nextCursor }];
  },
  async '/api/admin/getAllEcuFiles'(req, query) {
    const user = await account(req);
    if (user?.role !== 'admin') return [403, { success: false, message: 'Forbidden', errors: [] }];
    const limit = Number(query.get('limit') ?? 50);
    const before = query.get('cursor') ? Number(query.get('cursor')) : null;
    const rows = await sql`
      with page as (
        select * from tickets where ${before}::int is null or ticket_number < ${before}::int
        order by ticket_number desc limit ${limit + 1})
      select page.*, u.first_name as o_first_name, u.last_name as o_last_name, u.email as o_email, ${FILE_COLUMNS}
      from page join users u on u.id = page.user_id left join ticket_files f on f.ticket_id = page.id
      order by page.ticket_number desc, f.created_at, f.id`;
    const all = ticketDtos(rows, true);
    const data = all.slice(0, limit);
    const nextCursor = all.length > limit ? String(data.at(-1).ticketNumber) : null;
    return [200, { success: true, message: 'ECU files', data, nextCursor }];
  },
};

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://bare');
  const route = req.method === 'GET' ? routes[url.pathname] : undefined;
  try {
    const [status, body] = route ? await route(req, url.searchParams) : [404, { success: false }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(err) }));
  }
});
server.listen(Number(process.env.PORT ?? 3199), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
