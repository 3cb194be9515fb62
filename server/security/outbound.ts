/**
 * The SSRF guard for every request the server makes to an address a user typed (webhook endpoints, the
 * settings' chat webhook and SMTP server): `assertPublicUrl` (or `checkHost`) at creation, for a clear
 * message in the form, and `outboundAgent` (SMTP: the address checked, connected to) at connect time, so that a name that resolved to a public address when it was saved
 * and to 127.0.0.1 now (DNS rebinding) is still refused.
 *
 * The address table is ipaddr.js's ranges (anything but `unicast` is refused: loopback, private,
 * link-local with the 169.254.169.254 metadata service, CGNAT 100.64/10, multicast, broadcast, reserved,
 * unspecified, IPv4-mapped, NAT64, 6to4, Teredo, unique-local) plus the gaps of that table below.
 * request-filtering-agent applies the same rule at connect time; our table is handed to it as its deny
 * list. The URL parser already turns decimal, octal and hex IPv4 forms (`http://2130706433/`,
 * `http://0177.0.0.1/`) into dotted form, so they meet the same table.
 */
import { lookup } from 'node:dns/promises';
import type { Agent } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Unicast addresses by ipaddr.js's table that are still not the public internet's. */
export const EXTRA_DENIED_RANGES = [
  '::/96', // IPv4-compatible IPv6 (deprecated): ::7f00:1 is 127.0.0.1
  '64:ff9b:1::/48', // local-use NAT64
  '168.63.129.16/32', // Azure's host endpoint (wire server, metadata relay)
  'fd00:ec2::254/128', // AWS's IPv6 metadata service (unique-local, listed for the message)
] as const;

const METADATA = new Set(['169.254.169.254', '168.63.129.16', 'fd00:ec2::254', '100.100.100.200']);

const REASONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

export interface OutboundPolicy {
  /**
   * Addresses or CIDR ranges allowed although not public. Test-only: tests reach their loopback sink
   * through it; no configuration variable sets it.
   */
  allow?: readonly string[];
}

export class OutboundAddressError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
}

const parsedExtra = EXTRA_DENIED_RANGES.map((cidr) => ipaddr.parseCIDR(cidr));

function matchesAny(address: ipaddr.IPv4 | ipaddr.IPv6, list: readonly string[]): boolean {
  return list.some((entry) => {
    try {
      if (isIP(entry)) return ipaddr.parse(entry).toNormalizedString() === address.toNormalizedString();
      const cidr = ipaddr.parseCIDR(entry);
      return address.kind() === cidr[0].kind() && address.match(cidr);
    } catch {
      return false;
    }
  });
}

/** Why an address may not be called, or undefined when it is a public unicast address (or allowed). */
export function refusedAddressReason(address: string, policy: OutboundPolicy = {}): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (policy.allow && matchesAny(parsed, policy.allow)) return undefined;
  const normalized = parsed.toString();
  if (METADATA.has(normalized)) return 'a cloud metadata address';
  const range = parsed.range();
  if (range !== 'unicast') return REASONS[range] ?? `a reserved address (${range})`;
  if (parsedExtra.some((cidr) => parsed.kind() === cidr[0].kind() && parsed.match(cidr)))
    return 'a reserved address';
  return undefined;
}

/** The message a user reads when a URL is refused. */
export const refusedUrlMessage = (host: string, reason: string) =>
  `The URL is not allowed: ${host} is ${reason}. Webhooks may only call public internet addresses.`;

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; unresolved: true }
  | { ok: false; unresolved: false; shown: string; reason: string };

/**
 * The addresses a host name (or IP literal) stands for, each checked against the table: refused when any
 * of them is not public (or allowed), so a name cannot mix a public address with a private one. Also the
 * SMTP host's guard (server/mail/smtp-target.ts), which then connects to the address checked.
 */
export async function checkHost(
  host: string,
  policy: OutboundPolicy = {},
  resolve: Resolver = systemResolver,
): Promise<HostCheck> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      return { ok: false, unresolved: true };
    }
    if (addresses.length === 0) return { ok: false, unresolved: true };
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address, policy);
    if (reason)
      return {
        ok: false,
        unresolved: false,
        shown: bare === address ? bare : `${bare} (${address})`,
        reason,
      };
  }
  return { ok: true, addresses };
}

/**
 * Throws OutboundAddressError with a clear message unless `url` is an http(s) URL without credentials
 * whose host is, or resolves only to, public addresses.
 */
export async function assertPublicUrl(
  url: string,
  policy: OutboundPolicy = {},
  resolve: Resolver = systemResolver,
): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundAddressError('The URL is not valid.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new OutboundAddressError('The URL must start with https:// or http://.');
  if (parsed.username || parsed.password)
    throw new OutboundAddressError('The URL must not contain a user name or password.');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const checked = await checkHost(host, policy, resolve);
  if (checked.ok) return parsed;
  if (checked.unresolved) throw new OutboundAddressError(`The URL's host ${host} could not be resolved.`);
  throw new OutboundAddressError(refusedUrlMessage(checked.shown, checked.reason));
}

/**
 * The connect-time guard: an http or https agent that checks the address each connection actually
 * reaches, after DNS. Keep-alive is off: every delivery connects (and is checked) afresh.
 */
export function outboundAgent(protocol: 'http:' | 'https:', policy: OutboundPolicy = {}): Agent {
  const options = {
    keepAlive: false,
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...(policy.allow ?? [])],
    denyIPAddressList: [...EXTRA_DENIED_RANGES],
  };
  return protocol === 'https:'
    ? new RequestFilteringHttpsAgent(options)
    : new RequestFilteringHttpAgent(options);
}
