import { addTransferSample, describeTransfer, NO_TRANSFER_RATE, type TransferPhase } from '@ecu/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * '2.4 MB/s · about 12 s left' for a progress bar: samples the bytes sent as they change and
 * re-reads the clock every second, so a stalled transfer falls back to 'Estimating…'.
 * Measuring starts afresh each time the transfer becomes active (start, resume).
 */
export function useTransferRate(sent: number, total: number, phase: TransferPhase): string {
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

  return describeTransfer(rate.current, { sent, total, phase, nowMs: now });
}
