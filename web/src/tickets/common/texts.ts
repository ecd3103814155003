import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/*
 * Shared's English words about tickets (counter-offers, ratings), in the reader's language.
 * English reads exactly as shared's priceDifferenceLabel, starsLabel and AWAITING_CUSTOMER.
 */

/** '+2 credits', '−1 credit', 'No change in price' (shared's priceDifferenceLabel). */
export function priceDifferenceText(i18n: I18n, difference: number): string {
  if (difference === 0) return i18n._(msg`No change in price`);
  const count = Math.abs(difference);
  return difference > 0
    ? i18n._(msg`${plural(count, { one: '+# credit', other: '+# credits' })}`)
    : i18n._(msg`${plural(count, { one: '−# credit', other: '−# credits' })}`);
}

/** '4 stars', '1 star' (shared's starsLabel). */
export function starsText(i18n: I18n, stars: number): string {
  return i18n._(msg`${plural(stars, { one: '# star', other: '# stars' })}`);
}

/** 'Awaiting customer' (shared's AWAITING_CUSTOMER). */
export function awaitingCustomerText(i18n: I18n): string {
  return i18n._(msg`Awaiting customer`);
}

/**
 * A price line of shared's quoteTicket / quoteRevision ('Base', 'Base (BMW ECU family)',
 * 'DPF OFF (free with Stage 1)', 'Rework after 21 days'...) in the reader's language; an option's
 * name stays as the trade writes it.
 */
export function quoteLineText(i18n: I18n, label: string): string {
  if (label === 'Base') return i18n._(msg`Base`);
  if (label === 'Rework after 21 days') return i18n._(msg`Rework after 21 days`);
  let m = /^Base \((.+) ECU family\)$/.exec(label);
  if (m) {
    const make = m[1] ?? '';
    return i18n._(msg`Base (${make} ECU family)`);
  }
  m = /^(.+) \(free further solution\)$/.exec(label);
  if (m) {
    const option = m[1] ?? '';
    return i18n._(msg`${option} (free further solution)`);
  }
  m = /^(.+) \(free with (.+)\)$/.exec(label);
  if (m) {
    const option = m[1] ?? '';
    const stage = m[2] ?? '';
    return i18n._(msg`${option} (free with ${stage})`);
  }
  return label;
}
