import type { ProfileInput, UserDto } from '@ecu/shared';
import { setAuthUser } from '../local/db';
import { type OutboxHandler, sendAsIs } from '../local/outbox';

/*
 * What the profile feature keeps offline: the updateProfile command
 * (docs/decisions/041-outbox-commands.md). The body is the whole profile, sent as it is; a
 * confirmed edit replaces the cached user. The handler is in app/outbox-handlers.ts's table,
 * so the sync loop applies a command queued before a reload.
 */

export const UPDATE_PROFILE_KIND = 'updateProfile';

export const updateProfileHandler: OutboxHandler<
  typeof UPDATE_PROFILE_KIND,
  ProfileInput,
  undefined,
  UserDto
> = {
  kind: UPDATE_PROFILE_KIND,
  method: 'PUT',
  path: '/auth/updateProfile',
  prepare: sendAsIs,
  async apply({ db }, answer) {
    await setAuthUser(answer.data, db);
    return { kind: 'done', message: answer.message };
  },
};
