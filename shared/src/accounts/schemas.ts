import { z } from 'zod';
import { localeSchema } from '../i18n/schemas';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

export { COMMON_PASSWORD_MESSAGE, isCommonPassword };

import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules';

export { PASSWORD_MAX, PASSWORD_MIN };

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const signUpSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'Confirm your password' }),
    /** The language the sign-up screen was in; else the request's Accept-Language decides. */
    locale: localeSchema.optional(),
  })
  .refine(passwordsMatch, mismatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const verifyEmailSchema = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(512),
  email: emailField,
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const resendVerificationSchema = z.object({ email: emailField });
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

export const OTP_LENGTH = 6;

export const passwordResetConfirmSchema = z
  .object({
    email: emailField,
    otp: z
      .string({ error: 'Enter the 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
    password: passwordField,
    confirmPassword: z.string({ error: 'Confirm your password' }),
  })
  .refine(passwordsMatch, mismatch);
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;
