import type { z } from 'zod';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.fieldErrors;

/** Messages by field path ("condition.threshold", "filters.0.field"): the first problem of each field. */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * zod's own English where a contract schema gave no message of its own ("Too small: expected string to
 * have >=1 characters") said the way a form says it. A number box left empty holds NaN, which zod reports
 * as a type error.
 */
function plain(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return TEXTS.number;
  if (!/^(Too small|Too big|Invalid input)/.test(issue.message)) return issue.message;
  if (issue.code === 'too_small')
    return issue.origin === 'string' && Number(issue.minimum) === 1
      ? TEXTS.required
      : TEXTS.atLeast(issue.minimum);
  if (issue.code === 'too_big') return TEXTS.atMost(issue.maximum);
  return issue.message;
}

/** The contract schema's problems, each tied to its field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (key in found) continue;
    found[key] = plain(issue);
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
