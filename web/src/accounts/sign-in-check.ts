import { type SignInInput, signInSchema } from '@ecu/shared';
import { fieldErrorsOf } from '../ui/field-errors';

/**
 * The sign-in form's check with the shared schema. Its own chunk (zod and the account
 * schemas), fetched when the visitor starts on the form, so that the page shows first
 * (docs/decisions/031-first-visit.md).
 */
export function checkSignIn(
  values: unknown,
): { ok: true; input: SignInInput } | { ok: false; errors: Record<string, string> } {
  const parsed = signInSchema.safeParse(values);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error) };
}
