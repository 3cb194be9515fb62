import type { z } from 'zod';

/** Messages by field path ("condition.threshold", "filters.0.field"): the first problem of each field. */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The contract schema's problems, each tied to its field. A number box left empty holds NaN, which zod
 * reports as a type error naming NaN; the form says what to type instead.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (key in found) continue;
    found[key] = issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
  }
  return found;
}

/** The errors under one path prefix, re-keyed relative to it (for a section that edits a sub-object). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const start = `${prefix}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(start))
      .map(([key, message]) => [key.slice(start.length), message]),
  );
}
