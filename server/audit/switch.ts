import type { ServerContext } from '../context';

/**
 * Security events, recorded whatever the audit logging setting says (issue 13): sign-ins and sign-outs,
 * passwords, two-factor sign-in, settings (turning audit logging off included), roles and users.
 */
export const SECURITY_RESOURCES: ReadonlySet<string> = new Set([
  'session',
  'password',
  'two_factor',
  'settings',
  'role',
  'role_permission',
  'user',
  'user_role',
  'member',
  'invite',
]);

/** Whether a record of this resource is written now: always for security events, else per the setting. */
export async function auditRecorded(ctx: ServerContext, resource: string): Promise<boolean> {
  if (SECURITY_RESOURCES.has(resource)) return true;
  return (await ctx.settings.current()).settings.security.auditLogging;
}
