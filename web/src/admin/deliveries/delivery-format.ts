import type { DeliveryJobDto } from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { i18n as shownI18n } from '../../i18n';

/**
 * How the Deliveries desk and a user's page word the job queues, in the language of `i18n`
 * (the shown one unless given).
 */

const KINDS: Record<string, MessageDescriptor> = {
  mail: msg`E-mail`,
  push: msg`Push`,
  identify: msg`Identification`,
  prune: msg`Pruning`,
  analyze: msg`Database statistics`,
};

/** 'mail' -> 'E-mail'; a queue this screen does not know reads as its name ('chat-compact' -> 'Chat compact'). */
export function kindText(kind: string, i18n: I18n = shownI18n): string {
  const known = KINDS[kind];
  if (known) return i18n._(known);
  const words = kind.replace(/[-_.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

const STATUSES: Record<DeliveryJobDto['status'], MessageDescriptor> = {
  retrying: msg`Retrying`,
  failed: msg`Failed`,
  dead: msg`Gave up`,
};

export function statusText(status: DeliveryJobDto['status'], i18n: I18n = shownI18n): string {
  return i18n._(STATUSES[status]);
}

/** '1 attempt', '3 attempts'. */
export function attemptsText(attempts: number, i18n: I18n = shownI18n): string {
  return i18n._(msg`${plural(attempts, { one: '# attempt', other: '# attempts' })}`);
}

/** The headline per known kind: each language words the e-mail and the push its own way. */
const HEADLINES: Record<string, { failed: MessageDescriptor; dead: MessageDescriptor }> = {
  mail: { failed: msg`Last e-mail failed`, dead: msg`Last e-mail gave up` },
  push: { failed: msg`Last push failed`, dead: msg`Last push gave up` },
};

/** What a user's page says of a failing job: 'Last e-mail failed', 'Last push gave up'. */
export function failedHeadline(job: Pick<DeliveryJobDto, 'kind' | 'status'>, i18n: I18n = shownI18n): string {
  const dead = job.status === 'dead';
  const known = HEADLINES[job.kind];
  if (known) return i18n._(dead ? known.dead : known.failed);
  const noun = kindText(job.kind, i18n).toLowerCase();
  return i18n._(dead ? msg`Last ${noun} gave up` : msg`Last ${noun} failed`);
}
