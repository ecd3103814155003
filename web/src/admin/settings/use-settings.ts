import type { AdminSettings, AdminSettingsDto, FieldError, SettingsGroup } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, apiRequest, messageOf } from '../../local/api-client';
import { isOnline } from '../../local/connectivity';
import { SERVICE_STATUS_KEY } from '../../service-status';
import { OFFLINE_ACTION } from '../use-admin-command';
import { fieldPath } from './field-paths';

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const SAVE_FAILED_TEXT = msg`Failed to save the settings`;
const SAVED_TEXT = msg`Settings saved`;

export function useAdminSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminSettingsDto>('GET', '/admin/settings', undefined, { signal })).data,
  });
}

/**
 * PUT /admin/settings with one group, whole. On success the page shows the server's copy (and
 * its history); a 400's errors come back by field, without the group's prefix ('hours.week.2.close'
 * -> ['week', '2', 'close']).
 */
export function useSaveSection<G extends SettingsGroup>(
  group: G,
  handlers: {
    onSaved: (saved: AdminSettings[G]) => void;
    onFieldErrors: (errors: { path: string[]; message: string }[]) => void;
  },
) {
  const client = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: async (value: AdminSettings[G]) => {
      // Admins act on live data: nothing is queued offline (docs/decisions/014-admin-data-with-tanstack-query.md).
      if (!isOnline()) throw new Error(i18n._(OFFLINE_ACTION));
      return apiRequest<AdminSettingsDto>('PUT', '/admin/settings', { [group]: value });
    },
    onSuccess: ({ data, message }) => {
      client.setQueryData(SETTINGS_KEY, data);
      if (group === 'hours') void client.invalidateQueries({ queryKey: SERVICE_STATUS_KEY });
      handlers.onSaved(data.settings[group]);
      toast.success(message || i18n._(SAVED_TEXT));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors.length > 0) {
        handlers.onFieldErrors(
          err.errors.map((e: FieldError) => ({ path: fieldPath(group, e.path), message: e.message })),
        );
      }
      toast.error(
        err.message === i18n._(OFFLINE_ACTION) ? err.message : messageOf(err, i18n._(SAVE_FAILED_TEXT)),
      );
    },
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A section's form state over the server's value. New server data (a save, another admin's
 * change, a refetch) replaces the draft unless the admin has unsaved edits in it.
 */
export function useSectionDraft<V, D>(value: V, toDraft: (v: V) => D, fromDraft: (d: D) => V) {
  const [draft, setDraft] = useState(() => toDraft(value));
  const [base, setBase] = useState(value);
  if (!same(base, value)) {
    // Adjusting state while rendering, as React's docs show for props that change.
    setBase(value);
    if (same(fromDraft(draft), base)) setDraft(toDraft(value));
  }
  return {
    draft,
    setDraft,
    reset: (next: V) => {
      setBase(next);
      setDraft(toDraft(next));
    },
    dirty: !same(fromDraft(draft), value),
  };
}
