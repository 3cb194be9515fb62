import nodemailer from 'nodemailer';
import type { ServerContext } from '../context';

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
} as const;

/**
 * Sends one message through the SMTP server of the settings (Integrations: host, port, TLS, username,
 * the write-only password, sender), or, where the settings name none, the server's SMTP_URL. Never
 * throws: a caller learns why a message was not sent and decides what that means for it.
 */
export async function sendMail(ctx: ServerContext, message: MailMessage): Promise<MailOutcome> {
  const { settings, smtpPassword } = await ctx.settings.current();
  const smtp = settings.integrations.smtp;
  const timeouts = {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
  const transport = smtp.host
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.username ? { auth: { user: smtp.username, pass: smtpPassword ?? '' } } : {}),
        ...timeouts,
      })
    : ctx.config.smtpUrl
      ? nodemailer.createTransport({ url: ctx.config.smtpUrl, ...timeouts })
      : undefined;
  if (!transport) return { sent: false, reason: MAIL_TEXTS.notConfigured };
  // The sender of the settings; else, for the settings' server, one in its name; for SMTP_URL, MAIL_FROM.
  const from =
    smtp.from ||
    (smtp.host ? `${settings.general.platformName} <no-reply@${smtp.host}>` : ctx.config.mailFrom);
  try {
    await transport.sendMail({ from, ...message });
    return { sent: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { sent: false, reason: MAIL_TEXTS.failed.replace('{reason}', reason.slice(0, 300)) };
  } finally {
    transport.close();
  }
}
