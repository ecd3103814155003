import { isRole, type UserDto } from '@ecu/shared';

/** What the route gate needs of the signed-in user: no name, address, e-mail or credits. */
export type GateUser = Pick<UserDto, '_id' | 'role' | 'onBoarded' | 'verified' | 'disabled'>;

/**
 * A synchronous copy of who is signed in on this device, kept in localStorage beside the user
 * in Dexie (which stays the source: setAuthUser writes both). The route gate renders from it on
 * the first frame without loading Dexie (docs/decisions/031-first-visit.md).
 */
const KEY = 'ecu-signed-in';
/** A copy written by another layout of this record is not read (it counts as no copy). */
const VERSION = 1;

function isGateUser(value: unknown): value is GateUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user._id === 'string' &&
    user._id !== '' &&
    isRole(user.role) &&
    typeof user.onBoarded === 'boolean' &&
    typeof user.verified === 'boolean' &&
    typeof user.disabled === 'boolean'
  );
}

/** The stored copy: a user, `null` (nobody signed in), or `undefined` (no usable copy). */
function load(): GateUser | null | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return undefined;
    const record = JSON.parse(raw) as { v?: unknown; user?: unknown } | null;
    if (record?.v !== VERSION) return undefined;
    if (record.user === null) return null;
    return isGateUser(record.user) ? record.user : undefined;
  } catch {
    return undefined; // storage blocked or not JSON
  }
}

let current = load();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Who is signed in as this device last knew it; `undefined` when there is no copy. */
export function readSignedInCopy(): GateUser | null | undefined {
  return current;
}

/** Keeps only the gate's fields. Sign-out writes `null` (a shared tablet must not show the last user). */
export function writeSignedInCopy(user: GateUser | null): void {
  const copy: GateUser | null = user && {
    _id: user._id,
    role: user.role,
    onBoarded: user.onBoarded,
    verified: user.verified,
    disabled: user.disabled,
  };
  current = copy;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify({ v: VERSION, user: copy }));
  } catch {
    // Storage blocked: this tab still knows; the next start asks Dexie.
  }
  notify();
}

/** Follows the copy, in this tab and (through the storage event) in the others. */
export function subscribeSignedInCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY && e.key !== null) return;
    current = load();
    notify();
  });
}
