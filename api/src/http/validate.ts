import type { FieldError } from '@ecu/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, badRequest, said } from './app-error';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * The path of the first text (value or key) holding a NUL character, or null. PostgreSQL text
 * cannot store U+0000, so such input is refused with a 400 instead of failing in the database.
 * An explicit stack, not recursion: a body nested thousands deep must not overflow the stack.
 */
export function nulCharacterPath(input: unknown): string[] | null {
  // Each entry links to its parent's and the path is spelled out only on a hit: copying it
  // at every level made a body nested n deep cost n² (a 1 MB body, minutes of CPU).
  type Step = { key: string; parent: Step | null } | null;
  const pathOf = (step: Step, last?: string): string[] => {
    const path = last === undefined ? [] : [last];
    for (let at = step; at; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: [unknown, Step][] = [[input, null]];
  while (stack.length > 0) {
    const [value, step] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(step);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value).reverse()) {
        if (key.includes('\u0000')) return pathOf(step, key);
        stack.push([child, { key, parent: step }]);
      }
    }
  }
  return null;
}

/** A path as the error names it: a NUL in a key is shown, never echoed (it could not be stored). */
function printablePath(path: string[]): string {
  return path.join('.').replaceAll('\u0000', '\\u0000');
}

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulAt = nulCharacterPath(input);
  if (nulAt) {
    const errors = [{ path: printablePath(nulAt), message: NUL_CHARACTER_MESSAGE }];
    throw new AppError('validation_failed', NUL_CHARACTER_MESSAGE, { errors });
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new AppError('validation_failed', errors[0]?.message ?? said('error.invalidInput'), { errors });
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
