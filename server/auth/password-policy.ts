import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';

/** The 'basic' policy of part 2 §5: 8 characters at least. */
export const BASIC_PASSWORD_MIN_LENGTH = 8;
const MAX_LENGTH = 1024;

export const PASSWORD_POLICY_TEXTS = {
  tooShort: `Password must be at least ${BASIC_PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_LENGTH} characters`,
} as const;

/** Refuses (400, with the rule it breaks) a password the platform's policy does not accept. */
export async function assertPasswordPolicy(_ctx: ServerContext, password: string): Promise<void> {
  if ([...password].length < BASIC_PASSWORD_MIN_LENGTH)
    throw new HttpError(400, PASSWORD_POLICY_TEXTS.tooShort);
  if (password.length > MAX_LENGTH) throw new HttpError(400, PASSWORD_POLICY_TEXTS.tooLong);
}
