import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser host's gate, as pure functions. The page proves it was opened from the printed
 * address (per-launch key → HttpOnly SameSite=Strict cookie); the Host header must be ours (a DNS
 * rebinding page arrives with its own host name); a POST must come from our origin.
 */
export interface LaunchSecrets {
  /** In the printed address (`?key=`); exchanged once for the cookie. */
  key: string;
  /** The cookie's value; never shown. */
  cookie: string;
}

export function createLaunchSecrets(): LaunchSecrets {
  return { key: randomBytes(24).toString('base64url'), cookie: randomBytes(32).toString('base64url') };
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `Host` must name us: 127.0.0.1:PORT or localhost:PORT (we listen on 127.0.0.1 only). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const value = host.toLowerCase();
  return value === `127.0.0.1:${port}` || value === `localhost:${port}`;
}

/** `Origin` of a POST must be our own page. A missing Origin is refused too: browsers send it. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie line of the bridge cookie: HttpOnly (no script reads it), SameSite=Strict. */
export function bridgeCookieHeader(name: string, value: string): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}
