import type { SystemSettings } from '../../shared/api/settings';
import { formatError } from '../../shared/errors';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import { refusedSmtpHost } from '../mail/smtp-target';

export const SMTP_SETTINGS_TEXTS = {
  testThrottled: 'Too many failed test emails. Try again in {seconds} seconds.',
} as const;

type Smtp = SystemSettings['integrations']['smtp'];

/**
 * The password a save stores (issue 25): the one sent; else the stored one, unless the save moves it to
 * another server or account (host, port or username), where it would be handed to whoever runs that one.
 */
export function nextSmtpPassword(
  before: { smtp: Smtp; password: string | null },
  after: Smtp,
  sent: string | undefined,
): string | null {
  if (sent !== undefined) return sent === '' ? null : sent;
  const moved =
    before.smtp.host.toLowerCase() !== after.host.toLowerCase() ||
    before.smtp.port !== after.port ||
    before.smtp.username !== after.username;
  return moved ? null : before.password;
}

/** A save that names a new SMTP host: the host passes the outbound guard of webhooks, or 400 says why. */
export async function assertSmtpHostAllowed(ctx: ServerContext, before: Smtp, after: Smtp): Promise<void> {
  if (!after.host || after.host.toLowerCase() === before.host.toLowerCase()) return;
  const refused = await refusedSmtpHost(after.host, ctx.config.smtpLoopbackSink);
  if (refused) throw new HttpError(400, refused);
}

/**
 * The test email's throttle: each attempt is reserved like a sign-in (per user, and in the address's
 * budget) and given back when the message went; so failures, what a scan of hosts and ports is made of,
 * are limited to the sign-in throttle's few per window.
 */
export async function throttledTest<T extends { sent: boolean }>(
  ctx: ServerContext,
  who: { userId: string; ip: string },
  send: () => Promise<T>,
): Promise<T> {
  const keys = { account: `smtp-test:${who.userId}`, ip: `ip:${who.ip}` };
  const retryAfter = await ctx.throttle.reserve(keys);
  if (retryAfter !== undefined) {
    throw new HttpError(429, formatError(SMTP_SETTINGS_TEXTS.testThrottled, { seconds: retryAfter }), {
      'retry-after': String(retryAfter),
    });
  }
  let outcome: T | undefined;
  try {
    outcome = await send();
    return outcome;
  } finally {
    if (outcome?.sent) await ctx.throttle.release(keys);
  }
}
