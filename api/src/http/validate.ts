import type { FieldError } from '@ecu/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './app-error';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * The path of the first text holding a NUL character, or null. PostgreSQL text cannot store
 * U+0000, so such input is refused here with a 400 instead of failing in the database.
 */
export function nulCharacterPath(input: unknown, path: string[] = []): string[] | null {
  if (typeof input === 'string') return input.includes('\u0000') ? path : null;
  if (typeof input !== 'object' || input === null) return null;
  for (const [key, value] of Object.entries(input)) {
    const found = key.includes('\u0000') ? [...path, key] : nulCharacterPath(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulAt = nulCharacterPath(input);
  if (nulAt)
    throw badRequest(NUL_CHARACTER_MESSAGE, [{ path: nulAt.join('.'), message: NUL_CHARACTER_MESSAGE }]);
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(errors[0]?.message ?? 'Invalid input', errors);
  }
  return result.data;
}

/** Reads a JSON body (an absent body counts as {}) and validates it with the shared schema. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let input: unknown = {};
  if (text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('The request body must be a JSON object');
  }
  return parseWith(schema, input);
}
