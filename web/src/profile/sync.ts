import type { UserDto } from '@ecu/shared';
import { setAuthUser } from '../local/db';
import { onCommandApplied } from '../local/outbox';

/**
 * What the profile feature keeps offline: a confirmed profile edit replaces the cached user.
 * Registered at start-up (not when the page loads) so the sync loop can apply a command
 * queued before a reload.
 */
onCommandApplied('updateProfile', (data, db) => setAuthUser(data as UserDto, db));
