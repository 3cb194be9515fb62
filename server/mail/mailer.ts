import nodemailer from 'nodemailer';
import type { ServerContext } from '../context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailOutcome = { sent: true } | { sent: false; reason: string };

export const MAIL_TEXTS = {
  notConfigured: 'Email is not configured on the server (SMTP_URL)',
  failed: 'The email could not be sent: {reason}',
} as const;

/** How long one delivery may take before it counts as failed: a request waits for it. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends one message through the configured SMTP server. Never throws: the caller (an invitation, a reset)
 * has already done its work and reports whether the mail went, and why not.
 */
export async function sendMail(ctx: ServerContext, message: MailMessage): Promise<MailOutcome> {
  const url = ctx.config.smtpUrl;
  if (!url) return { sent: false, reason: MAIL_TEXTS.notConfigured };
  const transport = nodemailer.createTransport({
    ...connectionOf(url),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: ctx.config.mailFrom, ...message });
    return { sent: true };
  } catch (error) {
    // The transport's message names the server and its answer, never the credentials of the URL.
    const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
    return { sent: false, reason: MAIL_TEXTS.failed.replace('{reason}', reason) };
  } finally {
    transport.close();
  }
}

/** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
function connectionOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
  };
}
