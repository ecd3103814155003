import { addTransferSample, describeTransfer, NO_TRANSFER_RATE, type TransferPhase } from '@ecu/shared';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';

/**
 * '2.4 MB/s · about 12 s left' for a progress bar: samples the bytes sent as they change and
 * re-reads the clock every second, so a stalled transfer falls back to 'Estimating…'.
 * Measuring starts afresh each time the transfer becomes active (start, resume).
 */
export function useTransferRate(sent: number, total: number, phase: TransferPhase): string {
  const { i18n } = useLingui();
  const rate = useRef(NO_TRANSFER_RATE);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (phase !== 'active') rate.current = NO_TRANSFER_RATE;
    else rate.current = addTransferSample(rate.current, Date.now(), sent);
  }, [sent, phase]);

  useEffect(() => {
    if (phase !== 'active') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  return transferText(describeTransfer(rate.current, { sent, total, phase, nowMs: now }), i18n);
}

/**
 * shared's describeTransfer line in the shown language: its words are said again, the speed
 * ('2.4 MB/s') stays as shared writes it; a line it does not know is shown as it is.
 */
export function transferText(text: string, i18n: I18n = appI18n): string {
  if (text === 'Done') return i18n._(msg`Done`);
  if (text === 'Paused') return i18n._(msg`Paused`);
  if (text === 'Estimating…') return i18n._(msg`Estimating…`);
  const [speed, left] = text.split(' · ');
  if (speed === undefined || left === undefined) return text;
  let m = /^about (\d+) s left$/.exec(left);
  if (m) {
    const s = m[1] ?? '';
    return `${speed} · ${i18n._(msg`about ${s} s left`)}`;
  }
  m = /^about (\d+) min left$/.exec(left);
  if (m) {
    const minutes = m[1] ?? '';
    return `${speed} · ${i18n._(msg`about ${minutes} min left`)}`;
  }
  m = /^about (\d+) h left$/.exec(left);
  if (m) {
    const h = m[1] ?? '';
    return `${speed} · ${i18n._(msg`about ${h} h left`)}`;
  }
  m = /^about (\d+) h (\d+) min left$/.exec(left);
  if (m) {
    const h = m[1] ?? '';
    const minutes = m[2] ?? '';
    return `${speed} · ${i18n._(msg`about ${h} h ${minutes} min left`)}`;
  }
  return text;
}
