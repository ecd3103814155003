import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, waitingForSignIn } from './db';

/** What the sign-in page says while tickets made on this device wait for their owner. */
export function waitingText(tickets: number): string | null {
  if (tickets <= 0) return null;
  const what = tickets === 1 ? '1 ticket is' : `${tickets} tickets are`;
  return `${what} waiting on this device. ${tickets === 1 ? 'It is' : 'They are'} sent once you sign in again with the same account.`;
}

/**
 * Shown on the sign-in page after a session expired (docs/decisions/025-files-and-local-data.md):
 * the queued tickets were kept, and another account signing in here would drop them.
 */
export function WaitingForSignInNotice() {
  const waiting = useLiveQuery(() => waitingForSignIn(localDb), [], undefined);
  const text = waitingText(waiting?.tickets ?? 0);
  return text ? (
    <p role="status" className="notice notice-info">
      {text}
    </p>
  ) : null;
}
