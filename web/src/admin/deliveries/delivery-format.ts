import type { DeliveryJobDto } from '@ecu/shared';

/** How the Deliveries desk and a user's page word the job queues. */

const KINDS: Record<string, string> = {
  mail: 'E-mail',
  push: 'Push',
  identify: 'Identification',
  prune: 'Pruning',
  analyze: 'Database statistics',
};

/** 'mail' -> 'E-mail'; a queue this screen does not know reads as its name ('chat-compact' -> 'Chat compact'). */
export function kindText(kind: string): string {
  const known = KINDS[kind];
  if (known) return known;
  const words = kind.replace(/[-_.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

const STATUSES: Record<DeliveryJobDto['status'], string> = {
  retrying: 'Retrying',
  failed: 'Failed',
  dead: 'Gave up',
};

export function statusText(status: DeliveryJobDto['status']): string {
  return STATUSES[status];
}

/** '1 attempt', '3 attempts'. */
export function attemptsText(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** What a user's page says of a failing job: 'Last e-mail failed', 'Last push gave up'. */
export function failedHeadline(job: Pick<DeliveryJobDto, 'kind' | 'status'>): string {
  const noun = kindText(job.kind).toLowerCase();
  return `Last ${noun} ${job.status === 'dead' ? 'gave up' : 'failed'}`;
}
