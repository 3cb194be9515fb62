import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { LAUNCH_SECRET_HEADER } from '../../shared/constants';
import ipaddr from 'ipaddr.js';
import { formatError } from '../../shared/errors';
import { HttpError, SERVER_TEXTS } from './errors';

/**
 * Who may stand between the client and this server (issue 25): nobody (the default: the socket's address
 * is the client's), a number of proxy hops, or the addresses and CIDR ranges of the proxies. Throttles,
 * the IP whitelist and the audit trail read `request.ip`, which Fastify takes from X-Forwarded-For only
 * through proxies trusted here.
 */
export type TrustProxy = false | number | string[];

/** `TRUST_PROXY`: unset or empty → none; `2` → two hops; `10.0.0.0/8,192.0.2.7` → those proxies. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 0 && hops <= 10) return hops;
  } else {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.every((part) => ipaddr.isValid(part) || isCidr(part))) return parts;
  }
  throw new Error(
    `TRUST_PROXY must be a number of proxy hops (1-10) or a comma-separated list of proxy addresses and CIDR ranges, not "${text}"`,
  );
}

/** Fastify's form: a hop count becomes "the first N hops", as proxy-addr counts them. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** The names a server answers to unless told more (`CONSOLE_ALLOWED_HOSTS`): this machine's loopback. */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'] as const;

/** `CONSOLE_ALLOWED_HOSTS`: the comma-separated host names (no ports) this server answers to besides loopback. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** The host name of a Host header, without its port and the brackets of an IPv6 literal. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colon = host.lastIndexOf(':');
  return colon > 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}

/**
 * Refuses a request whose Host names a host this server is not (issue 25: DNS rebinding). A page on
 * `attacker.example` whose name is re-pointed at 127.0.0.1 reaches the server with `Host: attacker.example`:
 * it is answered 421 before anything else runs.
 */
export function installHostCheck(app: FastifyInstance, allowed: readonly string[]): void {
  const names = new Set([...LOOPBACK_HOSTS, ...allowed.map((name) => name.toLowerCase())]);
  // A callback hook: it waits for nothing, and runs on every request. Every request to a server names the
  // same host or two: the last one allowed is remembered as written.
  let lastAllowed: string | undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.host ?? '';
    if (header === lastAllowed) return done();
    if (names.has(hostName(header))) {
      lastAllowed = header;
      return done();
    }
    done(new HttpError(421, formatError(SERVER_TEXTS.hostRefused, { host: header.slice(0, 100) })));
  });
}

/**
 * Refuses, 401 before any route work, a request without the per-launch secret of the main process that
 * started this server (issue 25: another local program, or a page in a browser, must not reach the
 * embedded server on its loopback port). The secret is compared in constant time.
 */
export function installLaunchSecretCheck(app: FastifyInstance, secret: string): void {
  const expected = digest(secret);
  app.addHook('onRequest', (request, _reply, done) => {
    const given = request.headers[LAUNCH_SECRET_HEADER];
    if (typeof given === 'string' && timingSafeEqual(digest(given), expected)) return done();
    done(new HttpError(401, SERVER_TEXTS.launchSecretRefused));
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
