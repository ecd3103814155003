import { z } from 'zod';

/**
 * The Deliveries desk (docs/decisions/070-durable-jobs.md): the job queues by kind (a queue's
 * name: 'mail', 'push', a periodic task) and the jobs that are failing or gave up.
 */

/** One queue's jobs by state, read from the jobs themselves (not a cached figure). */
export interface DeliveryQueueDto {
  /** The queue's name, e.g. 'mail'. */
  kind: string;
  /** A message (retried for more than a day, then a dead letter) or a task (retried a few times). */
  hasDeadLetters: boolean;
  /** Waiting to run, the retrying ones included. */
  queued: number;
  /** Waiting after a failed attempt. */
  retrying: number;
  active: number;
  /** Gave up in the last days (kept as long as the queue keeps finished jobs). */
  failed: number;
  /** Gave up and waiting for an admin in the dead letters. */
  dead: number;
}

export const DELIVERY_JOB_STATUSES = ['retrying', 'failed', 'dead'] as const;
export type DeliveryJobStatus = (typeof DELIVERY_JOB_STATUSES)[number];

/** A job that is failing (retrying), failed for good, or waits in the dead letters. */
export interface DeliveryJobDto {
  /** The job's id in `queue`: what a retry names. */
  id: string;
  /** The queue the job is in now ('mail', or 'mail-dead' for a dead letter). */
  queue: string;
  /** The queue it belongs to ('mail' for both). */
  kind: string;
  status: DeliveryJobStatus;
  /** What the job is, in a line ('Ticket 100001 is Unlocked'). */
  label: string;
  /** The person it is for, when it is for someone; email null when the account is gone. */
  recipient: { userId: string; email: string | null } | null;
  /** Attempts made so far. */
  attempts: number;
  /** The last attempt's error, short and without secrets; null when none was recorded. */
  lastError: string | null;
  createdAt: string;
  /** When the last attempt failed (or, for a dead letter, when it gave up). */
  failedAt: string | null;
  /** When a retrying job is tried next. */
  nextAttemptAt: string | null;
}

/** GET /admin/deliveries. */
export interface DeliveriesDto {
  queues: DeliveryQueueDto[];
  /** Newest first, at most DELIVERY_JOBS_LIMIT. */
  jobs: DeliveryJobDto[];
}

/** How many failing and dead jobs the desk lists. */
export const DELIVERY_JOBS_LIMIT = 100;

/** POST /admin/deliveries/:queue/:id/retry: the path's parts. */
export const deliveryJobParamsSchema = z.object({
  queue: z
    .string({ error: 'queue is required' })
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'queue must be the name of a queue'),
  id: z.uuid('id must be a job id'),
});
export type DeliveryJobParams = z.infer<typeof deliveryJobParamsSchema>;
