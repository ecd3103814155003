import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { UserRow } from '../http/context';

const MAX_AWARENESS_STATE = 2_048;

/** Who a client's awareness says it is: always the account behind the socket. */
type AwarenessAccount = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'role'>;

/** Who a client's awareness says it is: always the account behind the socket (no e-mail: the other side may not see it). */
export function awarenessUser(user: AwarenessAccount) {
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), role: user.role };
}

/**
 * A socket's awareness update as the server passes it on, or null when it is refused: every
 * entry must be of a client id this socket holds or that nobody holds (`mayWrite`), and each
 * state keeps only the typing flag, under the account's own id, name and role. A client thus
 * cannot overwrite another's "is typing" or show itself under another name.
 */
export function cleanAwarenessUpdate(
  payload: Uint8Array,
  user: AwarenessAccount,
  mayWrite: (clientId: number) => boolean,
): Uint8Array | null {
  const decoder = decoding.createDecoder(payload);
  const count = decoding.readVarUint(decoder);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, count);
  const who = awarenessUser(user);
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const json = decoding.readVarString(decoder);
    if (json.length > MAX_AWARENESS_STATE || !mayWrite(clientId)) return null;
    const state: unknown = JSON.parse(json);
    const typing = typeof state === 'object' && state !== null && 'typing' in state && state.typing === true;
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, state === null ? 'null' : JSON.stringify({ user: who, typing }));
  }
  return encoding.toUint8Array(encoder);
}
