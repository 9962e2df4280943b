import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Parses untrusted input with a zod schema. Object schemas strip unknown keys, so only declared
 * fields ever reach a service. Failure is a 400 naming the first offending field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, `Invalid input: ${field}${issue?.message ?? 'malformed value'}`);
}
