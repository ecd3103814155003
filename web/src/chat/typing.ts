import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Timers } from './reconnect';
import { realTimers } from './reconnect';

/** After this long without a keystroke the writer no longer counts as typing. */
export const TYPING_IDLE_MS = 3000;

export interface ChatUser {
  id: string;
  name: string;
  role: 'user' | 'admin';
}

/** A client's awareness state in a chat: who it is and whether its writer is typing. */
export interface ChatAwareness {
  user: ChatUser;
  typing: boolean;
}

/**
 * Turns keystrokes into the awareness flag: true at the first change, false after
 * TYPING_IDLE_MS without one or at once when the message is sent. `publish` is only called
 * when the flag changes.
 */
export class TypingTracker {
  private typing = false;
  private timer: unknown = null;

  constructor(
    private readonly publish: (typing: boolean) => void,
    private readonly timers: Timers = realTimers,
    private readonly idleMs: number = TYPING_IDLE_MS,
  ) {}

  input(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.stop(), this.idleMs);
    if (!this.typing) {
      this.typing = true;
      this.publish(true);
    }
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.typing) {
      this.typing = false;
      this.publish(false);
    }
  }

  get active(): boolean {
    return this.typing;
  }
}

function isChatAwareness(value: unknown): value is ChatAwareness {
  if (typeof value !== 'object' || value === null) return false;
  const user = (value as { user?: unknown }).user;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof (user as ChatUser).id === 'string' &&
    typeof (user as ChatUser).name === 'string'
  );
}

/**
 * The names of the other people typing, once each: not the viewer's own clients (another tab
 * of the same account is the viewer too), in the order of their client ids.
 */
export function typingNames(
  states: ReadonlyMap<number, unknown>,
  selfUserId: string,
  i18n: I18n = appI18n,
): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const clientId of [...states.keys()].sort((a, b) => a - b)) {
    const state = states.get(clientId);
    if (!isChatAwareness(state) || !state.typing || state.user.id === selfUserId) continue;
    if (seen.has(state.user.id)) continue;
    seen.add(state.user.id);
    names.push(
      state.user.name.trim() ||
        (state.user.role === 'admin' ? i18n._(msg`Support`) : i18n._(msg`The customer`)),
    );
  }
  return names;
}

/** '<Name> is typing…', two names joined with 'and', more as 'Several people are typing…'. */
export function typingText(names: readonly string[], i18n: I18n = appI18n): string | null {
  const [name, other] = names;
  if (name === undefined) return null;
  if (other === undefined) return i18n._(msg`${name} is typing…`);
  if (names.length === 2) return i18n._(msg`${name} and ${other} are typing…`);
  return i18n._(msg`Several people are typing…`);
}
