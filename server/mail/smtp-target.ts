/**
 * Where an SMTP connection goes and under which rules (issue 25): TLS is required (implicit TLS, or
 * STARTTLS with nodemailer's `requireTLS`) unless the host is a loopback sink and `SMTP_ALLOW_LOOPBACK_SINK`
 * allows it; the settings' host passes the webhooks' outbound guard (server/security/outbound.ts), and the
 * connection goes to the address that was checked (no second lookup for a rebinding name to answer).
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { checkHost, type OutboundPolicy, type Resolver } from '../security/outbound';

/** The addresses a loopback sink may have. */
export const LOOPBACK_SINK_RANGES = ['127.0.0.0/8', '::1/128'] as const;

export interface SmtpTarget {
  host: string;
  port: number;
  /** TLS from the first byte (smtps, port 465). */
  secure: boolean;
  auth?: { user: string; pass: string };
  /**
   * A host a console user typed (the settings'): it must be public, as a webhook's. SMTP_URL is the
   * operator's own configuration (like DATABASE_URL) and may name a relay on the private network.
   */
  guarded: boolean;
}

export const SMTP_TARGET_TEXTS = {
  refused:
    'The SMTP server is not allowed: {host} is {reason}. Mail may only go to public internet addresses.',
  unresolved: 'The SMTP server {host} could not be resolved.',
  badUrl: 'SMTP_URL is not an smtp:// or smtps:// URL.',
} as const;

const ANY_ADDRESS: OutboundPolicy = { allow: ['0.0.0.0/0', '::/0'] };

export const smtpPolicy = (loopbackSink: boolean): OutboundPolicy =>
  loopbackSink ? { allow: LOOPBACK_SINK_RANGES } : {};

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/**
 * Whether a connection to these addresses must be encrypted: always, unless the allowance is on and every
 * address is loopback (a name resolving to loopback and elsewhere does not escape TLS).
 */
export function requiresTls(addresses: readonly string[], loopbackSink: boolean): boolean {
  return !(loopbackSink && addresses.length > 0 && addresses.every(isLoopback));
}

/** SMTP_URL (`smtp://user:pass@host:port`, `smtps://…`) as a target; undefined when it is not one. */
export function smtpTargetFromUrl(url: string): SmtpTarget | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || !parsed.hostname) return undefined;
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
    guarded: false,
  };
}

/** The message for a settings save naming a host the guard refuses; undefined when it may be used. */
export async function refusedSmtpHost(
  host: string,
  loopbackSink: boolean,
  resolve?: Resolver,
): Promise<string | undefined> {
  const checked = await checkHost(host, smtpPolicy(loopbackSink), resolve);
  if (checked.ok) return undefined;
  if (checked.unresolved) return SMTP_TARGET_TEXTS.unresolved.replace('{host}', host);
  return SMTP_TARGET_TEXTS.refused.replace('{host}', checked.shown).replace('{reason}', checked.reason);
}

export type SmtpConnection =
  | { ok: true; options: SMTPTransport.Options }
  /** `shown`: safe for the answer (the guard's refusal); otherwise only the log sees the cause. */
  | { ok: false; cause: string; shown?: string };

/**
 * The transport options of one connection: resolved once, checked, pinned to the checked address with the
 * name kept for SNI and the certificate check.
 */
export async function smtpConnection(
  target: SmtpTarget,
  options: { loopbackSink: boolean; timeoutMs: number; resolve?: Resolver },
): Promise<SmtpConnection> {
  // SMTP_URL's host is resolved and pinned the same way, but any address passes: the operator chose it.
  const policy = target.guarded ? smtpPolicy(options.loopbackSink) : ANY_ADDRESS;
  const checked = await checkHost(target.host, policy, options.resolve);
  if (!checked.ok) {
    if (checked.unresolved) return { ok: false, cause: `${target.host} could not be resolved` };
    const shown = SMTP_TARGET_TEXTS.refused
      .replace('{host}', checked.shown)
      .replace('{reason}', checked.reason);
    return { ok: false, cause: shown, shown };
  }
  const address = checked.addresses[0]!;
  const secure = target.secure;
  return {
    ok: true,
    options: {
      host: address,
      port: target.port,
      secure,
      requireTLS: !secure && requiresTls(checked.addresses, options.loopbackSink),
      ...(isIP(target.host) ? {} : { servername: target.host }),
      ...(target.auth ? { auth: target.auth } : {}),
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      dnsTimeout: options.timeoutMs,
    },
  };
}
