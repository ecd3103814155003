import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { type ApiResult, messageOf } from '../local/api-client';
import { isOnline } from '../local/connectivity';
import { useOnline } from '../local/use-online';

/** Why every admin action is off while offline (admins act on live data: docs/decisions/014-admin-data-with-tanstack-query.md). */
export const OFFLINE_ACTION = msg`Changes are disabled until the connection is back; nothing is queued.`;

/** OFFLINE_ACTION in the reader's language. */
export function useOfflineActionText(): string {
  return useLingui().i18n._(OFFLINE_ACTION);
}

export interface AdminCommandOptions<V, R> {
  send: (vars: V) => Promise<ApiResult<R>>;
  /** The failure toast when the server sends no message. */
  failure: string;
  /** The success toast when the server sends no message; undefined: no toast. */
  success?: string;
  /** Runs on success, before the toast: put the answer in place, refresh what it touched. */
  onSuccess?: (answer: ApiResult<R>, vars: V) => void;
}

export interface AdminCommand<V, R> {
  /** Sends the command; resolves with the answer, or undefined after a failure was toasted. */
  run: (vars: V) => Promise<ApiResult<R> | undefined>;
  pending: boolean;
  /** Offline: the command is refused, never queued. */
  locked: boolean;
}

/**
 * An admin command through TanStack Query's useMutation (never retried, never queued: see
 * web/src/local/query-client.ts). Offline it is refused at once with OFFLINE_ACTION.
 */
export function useAdminCommand<V, R>(options: AdminCommandOptions<V, R>): AdminCommand<V, R> {
  const online = useOnline();
  const offlineText = useOfflineActionText();
  const mutation = useMutation({ mutationFn: options.send, onSuccess: options.onSuccess });

  async function run(vars: V): Promise<ApiResult<R> | undefined> {
    if (!isOnline()) {
      toast.error(offlineText, { toastId: 'admin-offline-action' });
      return undefined;
    }
    try {
      const answer = await mutation.mutateAsync(vars);
      if (options.success !== undefined) toast.success(answer.message || options.success);
      return answer;
    } catch (err) {
      // The failure is the admin's to read, not the console's: shown, then the caller moves on.
      toast.error(messageOf(err, options.failure));
      return undefined;
    }
  }

  return { run, pending: mutation.isPending, locked: !online };
}
