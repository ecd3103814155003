import {
  DELIVERY_JOBS_LIMIT,
  type DeliveriesDto,
  type DeliveryJobDto,
  type DeliveryJobStatus,
  type DeliveryQueueDto,
} from '@ecu/shared';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { personRefs } from '../../accounts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { deadLetterOf, JOBS_SCHEMA, type Jobs } from '../../platform/jobs';
import { recordAudit } from '../audit';
import { deliveryErrorText } from './error-text';

/**
 * The Deliveries desk: the job queues by state and the jobs that are failing or gave up, read
 * from pg-boss's job table (docs/decisions/070-durable-jobs.md). pg-boss documents that table
 * for use outside its API; its findJobs cannot select by state nor read newest first, and its
 * queue counts are a cache the monitor refreshes, so the desk asks the table itself, through
 * pg-boss's own connection (`getDb()`), for the few columns it shows: never a job's payload.
 */

type DeskJobs = Pick<Jobs, 'boss' | 'queueNames' | 'ready'>;

/** The desk's queues: each kind, and its dead-letter queue when it has one. */
function queuesOf(jobs: DeskJobs): { kind: string; dead: string | null }[] {
  const names = new Set(jobs.queueNames());
  return [...names]
    .filter((name) => !(name.endsWith('-dead') && names.has(name.slice(0, -'-dead'.length))))
    .map((kind) => ({ kind, dead: names.has(deadLetterOf(kind)) ? deadLetterOf(kind) : null }));
}

interface JobRow {
  id: string;
  name: string;
  state: string;
  about: { userId?: unknown; label?: unknown } | null;
  retry_count: number;
  output: unknown;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  start_after: Date | string;
  source_retry_count: number | null;
  source_output: unknown;
  source_created_on: Date | string | null;
}

const JOB_COLUMNS = `id, name, state::text as state, data->'about' as about, retry_count, output, created_on,
  started_on, completed_on, start_after, source_retry_count, source_output, source_created_on`;

/**
 * Which jobs the desk lists: retrying ones of every queue ($1), failed ones of queues without
 * dead letters ($2: their failures are final there), and whatever waits in a dead letter queue
 * ($3). `extra` narrows further, from $5 on.
 */
function problemsSql(extra = ''): string {
  return `select ${JOB_COLUMNS} from ${JOBS_SCHEMA}.job
    where ((name = any($1::text[]) and state = 'retry')
      or (name = any($2::text[]) and state = 'failed')
      or (name = any($3::text[]) and state < 'active'))
      ${extra}
    order by created_on desc, id desc
    limit $4`;
}

const iso = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString());

function toJobDto(
  row: JobRow,
  deadOf: Map<string, string>,
  emails: Map<string, { email: string }>,
): DeliveryJobDto {
  const kind = deadOf.get(row.name);
  const status: DeliveryJobStatus = kind ? 'dead' : row.state === 'failed' ? 'failed' : 'retrying';
  const userId = typeof row.about?.userId === 'string' ? row.about.userId : null;
  const label = typeof row.about?.label === 'string' && row.about.label ? row.about.label : row.name;
  return {
    id: row.id,
    queue: row.name,
    kind: kind ?? row.name,
    status,
    label,
    recipient: userId ? { userId, email: emails.get(userId)?.email ?? null } : null,
    // retry_count counts the claims after the first: attempts made are one more.
    attempts: (status === 'dead' ? (row.source_retry_count ?? 0) : row.retry_count) + 1,
    lastError: deliveryErrorText(status === 'dead' ? row.source_output : row.output),
    createdAt: iso(status === 'dead' ? (row.source_created_on ?? row.created_on) : row.created_on)!,
    failedAt: iso(
      status === 'dead' ? row.created_on : status === 'failed' ? row.completed_on : row.started_on,
    ),
    nextAttemptAt: status === 'retrying' ? iso(row.start_after) : null,
  };
}

async function problems(
  jobs: DeskJobs,
  db: Db,
  options: { limit: number; userId?: string },
): Promise<DeliveryJobDto[]> {
  const queues = queuesOf(jobs);
  const deadOf = new Map(queues.filter((q) => q.dead).map((q) => [q.dead!, q.kind]));
  const values: unknown[] = [
    queues.map((q) => q.kind),
    queues.filter((q) => !q.dead).map((q) => q.kind),
    [...deadOf.keys()],
    options.limit,
  ];
  let extra = '';
  if (options.userId) {
    values.push(JSON.stringify({ about: { userId: options.userId } }));
    extra = 'and data @> $5::text::jsonb';
  }
  await jobs.ready();
  const { rows } = await jobs.boss.getDb().executeSql(problemsSql(extra), values);
  const found = rows as JobRow[];
  const people = await personRefs(
    db,
    found.map((r) => (typeof r.about?.userId === 'string' ? r.about.userId : null)),
  );
  return found.map((row) => toJobDto(row, deadOf, people));
}

/** GET /admin/deliveries: every queue's counts and the newest failing and dead jobs. */
export async function deliveries(jobs: DeskJobs, db: Db): Promise<DeliveriesDto> {
  await jobs.ready();
  const queues = queuesOf(jobs);
  const names = queues.flatMap((q) => (q.dead ? [q.kind, q.dead] : [q.kind]));
  // Completed and cancelled jobs, the bulk of the table, are not counted (nor read: the live
  // states are in one of pg-boss's indexes).
  const { rows } = await jobs.boss.getDb().executeSql(
    `select name, state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job
        where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed')
        group by name, state`,
    [names],
  );
  const count = (name: string | null, ...states: string[]) =>
    (rows as { name: string; state: string; count: number }[])
      .filter((r) => r.name === name && states.includes(r.state))
      .reduce((sum, r) => sum + Number(r.count), 0);
  const counts: DeliveryQueueDto[] = queues.map(({ kind, dead }) => ({
    kind,
    hasDeadLetters: dead !== null,
    queued: count(kind, 'created', 'retry'),
    retrying: count(kind, 'retry'),
    active: count(kind, 'active'),
    failed: count(kind, 'failed'),
    dead: dead ? count(dead, 'created', 'retry') : 0,
  }));
  return { queues: counts, jobs: await problems(jobs, db, { limit: DELIVERY_JOBS_LIMIT }) };
}

/** The user's page: e-mails and pushes to this person that are failing or gave up, newest first. */
export function userDeliveryProblems(jobs: DeskJobs, db: Db, userId: string): Promise<DeliveryJobDto[]> {
  return problems(jobs, db, { limit: 3, userId });
}

/**
 * POST /admin/deliveries/:queue/:id/retry. A retrying job runs now; a failed one (a queue
 * without dead letters) runs again; a dead letter goes back to its queue with its key, so a
 * message that did get out meanwhile is still not sent twice, and leaves the dead letters.
 * Audited on the recipient's trail, or on the admin's own for a job about no one.
 */
export async function retryDelivery(
  jobs: DeskJobs,
  db: Db,
  { actorId, queue, id }: { actorId: string; queue: string; id: string },
): Promise<DeliveryJobDto> {
  const known = queuesOf(jobs).find((q) => q.kind === queue || q.dead === queue);
  if (!known) throw notFound('No such delivery queue');
  await jobs.ready();
  const { rows } = await jobs.boss
    .getDb()
    .executeSql(`select ${JOB_COLUMNS} from ${JOBS_SCHEMA}.job where name = $1 and id = $2`, [queue, id]);
  const [job] = rows as JobRow[];
  if (!job) throw notFound('This job is no longer there: it was delivered, retried or removed');
  const deadOf = new Map(known.dead ? [[known.dead, known.kind]] : []);
  const people = await personRefs(db, [typeof job.about?.userId === 'string' ? job.about.userId : null]);
  const dto = toJobDto(job, deadOf, people);
  const waiting = job.state === 'created' || job.state === 'retry';
  if (!(dto.status === 'dead' ? waiting : job.state === 'retry' || (job.state === 'failed' && !known.dead)))
    throw conflict(
      job.state === 'failed'
        ? 'This job gave up and waits in the dead letters: retry it there'
        : job.state === 'active'
          ? 'This job is being tried right now'
          : 'This job is not failing',
    );

  await db.transaction(async (tx) => {
    const inTx = { db: fromDrizzle(tx as never, sql) };
    let done: boolean;
    if (dto.status === 'dead') {
      done =
        (await jobs.boss.redrive(queue, { ids: [id], destination: known.kind, limit: 1, ...inTx })) === 1;
    } else if (job.state === 'retry') {
      done = (await jobs.boss.update(queue, undefined, { id, startAfter: 0, ...inTx })).updated === 1;
    } else {
      await jobs.boss.retry(queue, id, inTx);
      const [again] = await jobs.boss.findJobs(queue, { id, ...inTx });
      done = again?.state === 'retry';
    }
    if (!done) throw conflict('This job changed meanwhile: load the deliveries again');
    await recordAudit(tx, {
      actorId,
      action: 'delivery.retry',
      targetType: 'user',
      targetId: dto.recipient?.userId ?? actorId,
      before: { status: dto.status, attempts: dto.attempts, lastError: dto.lastError },
      after: { kind: dto.kind, label: dto.label, job: id },
    });
  });
  return dto;
}
