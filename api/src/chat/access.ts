import { isStaff } from '@ecu/shared';
import { getUserById } from '../accounts';
import type { AppDeps, UserRow } from '../http/context';
import { getTicketByNumber } from '../tickets';
import type { ChatTicket } from './room';

export type ChatAccess =
  | { ok: true; user: UserRow; ticket: ChatTicket }
  | { ok: false; status: 400 | 401 | 403 | 404; message: string };

const TICKET_NUMBER = /^[1-9]\d{0,8}$/;

/** The signed-in account behind these headers that passes every gate, or why not. */
export async function chatUser(
  deps: AppDeps,
  headers: Headers,
): Promise<UserRow | { status: 401 | 403; message: string }> {
  const session = await deps.auth.api.getSession({ headers });
  const user = session ? await getUserById(deps.db, session.user.id) : undefined;
  if (!user || user.deletedAt) return { status: 401, message: 'Please sign in to continue' };
  if (!user.onBoarded) return { status: 403, message: 'Complete your profile first' };
  if (!user.emailVerified) return { status: 403, message: 'Verify your email address first' };
  if (user.disabled) return { status: 403, message: 'Account disabled' };
  return user;
}

/** The account behind a socket's session cookie as it is now, if it may still chat. */
export async function chatUserNow(deps: AppDeps, cookie: string | undefined): Promise<UserRow | null> {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  const user = await chatUser(deps, headers);
  return 'status' in user ? null : user;
}

/** A ticket's chat is its owner's and every admin's; anyone else is told it does not exist. */
export async function chatTicketFor(
  deps: AppDeps,
  user: UserRow,
  ticketNumber: string,
): Promise<ChatTicket | null> {
  if (!TICKET_NUMBER.test(ticketNumber)) return null;
  const row = await getTicketByNumber(deps.db, Number(ticketNumber));
  if (!row || (!isStaff(user.role) && row.userId !== user.id)) return null;
  return { id: row.id, ticketNumber: row.ticketNumber, ownerId: row.userId };
}

export async function chatAccess(deps: AppDeps, headers: Headers, ticketNumber: string): Promise<ChatAccess> {
  const user = await chatUser(deps, headers);
  if ('status' in user) return { ok: false, ...user };
  const ticket = await chatTicketFor(deps, user, ticketNumber);
  if (!ticket) return { ok: false, status: 404, message: 'Ticket not found' };
  return { ok: true, user, ticket };
}
