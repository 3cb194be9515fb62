import nodemailer from 'nodemailer';
import type { ServerContext } from '../context';
import { smtpConnection, smtpTargetFromUrl, SMTP_TARGET_TEXTS, type SmtpTarget } from './smtp-target';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a generated report). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export type MailOutcome = { sent: true } | { sent: false; reason: string };

/** A server that does not answer within this long is reported, not waited for. */
const SMTP_TIMEOUT_MS = 10_000;

export const MAIL_TEXTS = {
  notConfigured: 'No SMTP server is configured: set one under System Settings → Integrations.',
  failed: 'The message could not be sent: {reason}',
  /**
   * Every failure to reach a mail server over TLS (refused, timed out, unreachable, not SMTP, no TLS): one
   * answer, so that the test button tells a closed port from an open one of another service by nothing.
   */
  unreachable:
    'The message could not be sent: no SMTP server with TLS answered at this host and port. Check the host, the port and the TLS setting; the server log has the cause.',
  noPassword:
    'The message could not be sent: the SMTP password is not set (it is cleared when the host, port or username changes). Enter it under System Settings → Integrations.',
} as const;

/**
 * nodemailer's codes of failures that come after an SMTP server greeted us over TLS (or over a loopback
 * sink's allowed plain connection): the server's own answer, worth showing. Anything else is the generic
 * `unreachable`.
 */
const ANSWERED_CODES = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

/**
 * Sends one message through the SMTP server of the settings (Integrations: host, port, TLS, username,
 * the write-only password, sender), or, where the settings name none, the server's SMTP_URL. Never
 * throws: a caller learns why a message was not sent and decides what that means for it.
 */
export async function sendMail(ctx: ServerContext, message: MailMessage): Promise<MailOutcome> {
  const { settings, smtpPassword } = await ctx.settings.current();
  const smtp = settings.integrations.smtp;
  let target: SmtpTarget | undefined;
  if (smtp.host) {
    if (smtp.username && !smtpPassword) return { sent: false, reason: MAIL_TEXTS.noPassword };
    target = {
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.username && smtpPassword ? { auth: { user: smtp.username, pass: smtpPassword } } : {}),
      guarded: true,
    };
  } else if (ctx.config.smtpUrl) {
    target = smtpTargetFromUrl(ctx.config.smtpUrl);
    if (!target)
      return { sent: false, reason: MAIL_TEXTS.failed.replace('{reason}', SMTP_TARGET_TEXTS.badUrl) };
  }
  if (!target) return { sent: false, reason: MAIL_TEXTS.notConfigured };
  const where = { smtpHost: target.host, smtpPort: target.port };

  const connection = await smtpConnection(target, {
    loopbackSink: ctx.config.smtpLoopbackSink,
    timeoutMs: SMTP_TIMEOUT_MS,
  });
  if (!connection.ok) {
    ctx.log.warn({ ...where, cause: connection.cause }, 'SMTP: no connection was made');
    return { sent: false, reason: connection.shown ?? MAIL_TEXTS.unreachable };
  }
  const transport = nodemailer.createTransport(connection.options);
  // The sender of the settings; else, for the settings' server, one in its name; for SMTP_URL, MAIL_FROM.
  const from =
    smtp.from ||
    (smtp.host ? `${settings.general.platformName} <no-reply@${smtp.host}>` : ctx.config.mailFrom);
  try {
    await transport.sendMail({ from, ...message });
    return { sent: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    ctx.log.warn({ ...where, err: error }, 'SMTP: the message was not sent');
    if (typeof code === 'string' && ANSWERED_CODES.has(code))
      return { sent: false, reason: MAIL_TEXTS.failed.replace('{reason}', reason.slice(0, 300)) };
    return { sent: false, reason: MAIL_TEXTS.unreachable };
  } finally {
    transport.close();
  }
}
