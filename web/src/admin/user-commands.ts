import type {
  Role,
  UpdatePerCreditPriceInput,
  UpdateUserCreditsInput,
  UpdateUserRoleInput,
  UserDto,
} from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi } from './api';
import { adminKeys, dropCachedUser, invalidateAfterUserChange, patchCachedUser } from './queries';
import { useAdminCommand } from './use-admin-command';

/** The server's answer when it is the changed user (some commands answer with no data). */
function answeredUser(data: unknown, userId: string): UserDto | undefined {
  const user = data as UserDto | null | undefined;
  return user && typeof user === 'object' && user._id === userId ? user : undefined;
}

/**
 * The commands an admin gives about a user, with their success and failure toasts.
 * Each puts its outcome in place at once, then refreshes every user list and the user's page.
 */

export function usePriceCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (input: UpdatePerCreditPriceInput) => adminApi.updatePerCreditPrice(input),
    failure: t`Failed to update price`,
    success: t`Credit price updated!`,
    onSuccess: ({ data }, input) => {
      patchCachedUser(
        client,
        input.userId,
        answeredUser(data, input.userId) ?? { perCreditPrice: input.creditPrice },
      );
      void invalidateAfterUserChange(client, input.userId);
    },
  });
}

export function useCreditsCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (input: UpdateUserCreditsInput) => adminApi.updateUserCredits(input),
    failure: t`Failed to update the credits`,
    success: t`Credits updated`,
    onSuccess: ({ data }, input) => {
      const user = answeredUser(data, input.userId);
      if (user) patchCachedUser(client, input.userId, user);
      void invalidateAfterUserChange(client, input.userId);
    },
  });
}

export function useRoleCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (input: UpdateUserRoleInput) => adminApi.updateUserRole(input),
    failure: t`Failed to update user role`,
    success: t`User role updated`,
    onSuccess: ({ data }, input) => {
      const role: Role = input.role;
      patchCachedUser(client, input.userId, answeredUser(data, input.userId) ?? { role });
      void invalidateAfterUserChange(client, input.userId);
    },
  });
}

export function useDisableCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (userId: string) => adminApi.disableUser(userId),
    failure: t`Failed to disable user`,
    success: t`User disabled successfully`,
    onSuccess: (_answer, userId) => {
      patchCachedUser(client, userId, { disabled: true });
      void invalidateAfterUserChange(client, userId);
    },
  });
}

export function useActivateCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (userId: string) => adminApi.activateUser(userId),
    failure: t`Failed to active user`,
    success: t`User activated successfully`,
    onSuccess: (_answer, userId) => {
      patchCachedUser(client, userId, { disabled: false });
      void invalidateAfterUserChange(client, userId);
    },
  });
}

export function useDeleteCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (userId: string) => adminApi.deleteUser(userId),
    failure: t`Failed to delete user`,
    success: t`User deleted successfully`,
    onSuccess: (_answer, userId) => void dropCachedUser(client, userId),
  });
}

export function useResendVerificationCommand() {
  const client = useQueryClient();
  const { t } = useLingui();
  return useAdminCommand({
    send: (userId: string) => adminApi.resendVerification(userId),
    failure: t`Failed to resend email verification`,
    success: t`Verification email sent successfully!`,
    // The audit trail on the user's page gains the resend.
    onSuccess: (_answer, userId) => void client.invalidateQueries({ queryKey: adminKeys.user(userId) }),
  });
}
