import { z } from 'zod';

/**
 * The console's configuration, from the environment:
 * - CONSOLE_GATEWAY_URL: Client B's base address (the platform gateway).
 * - CONSOLE_ORGANIZATION_API_URL: Client A's base address; defaults to the gateway's.
 * - DATABASE_URL: the embedded server uses this PostgreSQL instead of PGlite.
 * - CONSOLE_SEED_DEMO: 1 seeds the demo dataset, 0 never does. Unset: seeded when the embedded server
 *   runs on its own PGlite (a first launch shows a living console), not on a PostgreSQL of yours.
 * - CONSOLE_LAUNCH_SECRET: the embedded server's launch secret (at least 32 characters), for scripts that call
 *   it (Role Verification's commands). Unset, each launch makes a new one that nothing outside main knows.
 * With no gateway configured, the host starts the embedded server on loopback and both clients use it.
 */
export interface ConsoleConfig {
  gatewayUrl: string | undefined;
  organizationApiUrl: string | undefined;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Whether the host must start the embedded server (no gateway configured). */
  embeddedServer: boolean;
  /** The embedded server's launch secret when set in the environment; otherwise each launch makes one. */
  launchSecret: string | undefined;
}

/** The shortest launch secret the environment may set: as hard to guess as the generated one. */
export const MIN_LAUNCH_SECRET_LENGTH = 32;

export type Env = Readonly<Record<string, string | undefined>>;

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readConfig(env: Env = process.env): ConsoleConfig {
  const gatewayUrl = optionalUrl(env, 'CONSOLE_GATEWAY_URL');
  const organizationApiUrl = optionalUrl(env, 'CONSOLE_ORGANIZATION_API_URL') ?? gatewayUrl;
  const databaseUrl = blankToUndefined(env.DATABASE_URL);
  const embeddedServer = gatewayUrl === undefined;
  const seed = blankToUndefined(env.CONSOLE_SEED_DEMO);
  if (seed !== undefined && seed !== '0' && seed !== '1') {
    throw new ConfigError(`CONSOLE_SEED_DEMO must be 1 or 0, not ${JSON.stringify(seed)}`);
  }
  const seedDemo = seed === undefined ? embeddedServer && databaseUrl === undefined : seed === '1';
  const launchSecret = blankToUndefined(env.CONSOLE_LAUNCH_SECRET);
  if (launchSecret !== undefined && launchSecret.length < MIN_LAUNCH_SECRET_LENGTH) {
    throw new ConfigError(`CONSOLE_LAUNCH_SECRET must be at least ${MIN_LAUNCH_SECRET_LENGTH} characters`);
  }
  if (launchSecret !== undefined && !/^[\x21-\x7e]+$/.test(launchSecret)) {
    throw new ConfigError(
      'CONSOLE_LAUNCH_SECRET must be printable ASCII without spaces (it travels in a header)',
    );
  }
  return { gatewayUrl, organizationApiUrl, databaseUrl, seedDemo, embeddedServer, launchSecret };
}

/** The two clients' addresses once the embedded server (if any) is listening. */
export function clientUrls(
  config: ConsoleConfig,
  embeddedUrl: string | undefined,
): { gatewayUrl: string; organizationApiUrl: string } {
  const fallback = embeddedUrl?.replace(/\/+$/, '');
  const gatewayUrl = config.gatewayUrl ?? fallback;
  if (!gatewayUrl)
    throw new ConfigError('No gateway address: set CONSOLE_GATEWAY_URL or start the embedded server');
  return { gatewayUrl, organizationApiUrl: config.organizationApiUrl ?? gatewayUrl };
}

function optionalUrl(env: Env, name: string): string | undefined {
  const value = blankToUndefined(env[name]);
  if (value === undefined) return undefined;
  const parsed = httpUrl.safeParse(value);
  if (!parsed.success)
    throw new ConfigError(`${name} must be an http(s) address, not ${JSON.stringify(value)}`);
  return parsed.data;
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
