import { passwordPolicyError, passwordPolicyGaps } from '../../shared/settings';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';

/**
 * The password policy in force (part 2 §5: basic, strong, enterprise), checked on every password set or
 * changed: a password that misses a rule is refused with a 400 naming what it needs.
 */
export async function assertPasswordPolicy(ctx: ServerContext, password: string): Promise<void> {
  const policy = (await ctx.settings.current()).settings.security.passwordPolicy;
  const gaps = passwordPolicyGaps(policy, password);
  if (gaps.length > 0) throw new HttpError(400, passwordPolicyError(policy, gaps));
}
