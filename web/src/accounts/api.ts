import type {
  LocaleInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  ProfileInput,
  ResendVerificationInput,
  SignInInput,
  SignUpInput,
  UserDto,
  VerifyEmailInput,
} from '@ecu/shared';
import { apiRequest } from '../local/api-client';

/** The /auth/* calls (docs/product.md#13-the-http-api), typed by the shared schemas. */
export const accountsApi = {
  signup: (input: SignUpInput) => apiRequest<UserDto>('POST', '/auth/signup', input),
  login: (input: SignInInput) => apiRequest<UserDto>('POST', '/auth/login', input),
  logout: () => apiRequest<null>('POST', '/auth/logout'),
  getMe: () => apiRequest<UserDto>('GET', '/auth/getMe'),
  setLocale: (input: LocaleInput) => apiRequest<UserDto>('PUT', '/auth/locale', input),
  onboarding: (input: ProfileInput) => apiRequest<UserDto>('POST', '/auth/onboarding', input),
  verify: (input: VerifyEmailInput) => apiRequest<UserDto | null>('POST', '/auth/signup-verify', input),
  resendVerification: (input: ResendVerificationInput) =>
    apiRequest<null>('POST', '/auth/signup-verify-resend', input),
  requestPasswordReset: (input: PasswordResetRequestInput) =>
    apiRequest<null>('POST', '/auth/password-reset/request', input),
  confirmPasswordReset: (input: PasswordResetConfirmInput) =>
    apiRequest<null>('POST', '/auth/password-reset/confirm', input),
};
