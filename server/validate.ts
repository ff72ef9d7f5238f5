// Parses request input with a contract schema; bad input becomes a 400 naming the invalid fields.
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** Returns `data` parsed by `schema`; throws ApiError 400 bad_request with `fields` (path -> zod message). */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new ApiError(400, 'bad_request', {}, fields);
}
