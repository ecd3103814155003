import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, waitingForSignIn } from './db';

/** What the sign-in page says while tickets made on this device wait for their owner. */
export function waitingText(tickets: number, i18n: I18n = appI18n): string | null {
  if (tickets <= 0) return null;
  return i18n._(
    msg`${plural(tickets, {
      one: '# ticket is waiting on this device. It is sent once you sign in again with the same account.',
      other:
        '# tickets are waiting on this device. They are sent once you sign in again with the same account.',
    })}`,
  );
}

/**
 * Shown on the sign-in page after a session expired (docs/decisions/025-files-and-local-data.md):
 * the queued tickets were kept, and another account signing in here would drop them.
 */
export function WaitingForSignInNotice() {
  const waiting = useLiveQuery(() => waitingForSignIn(localDb), [], undefined);
  const { i18n } = useLingui();
  const text = waitingText(waiting?.tickets ?? 0, i18n);
  return text ? (
    <p role="status" className="notice notice-info">
      {text}
    </p>
  ) : null;
}
