/** Helpers for server tests through app.inject: a movable clock, a quiet app, users and tokens without sign-ins. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { SystemRoleId } from '../../shared/permissions';
import type { ServerModule } from '../../server/module';
import { buildApp } from '../../server/app';
import { loadSigningSecret } from '../../server/auth/secret';
import { createTokenService } from '../../server/auth/tokens';
import type { ServerConfigOverrides } from '../../server/config';
import type { Database } from '../../server/db/client';
import { userTwoFactor, users, type UserStatus } from '../../server/db/schema';
import { createChallengeService } from '../../server/auth/challenge';
import type { TwoFactorStep } from '../../shared/two-factor';
import { Secret, TOTP } from 'otpauth';
import { createSecretBox } from '../../server/security/secret-box';
import { createLogger } from '../../server/logger';
import { DEMO_PASSWORD_HASHES } from '../../server/seed/demo-hashes';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/seed/demo-users';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../shared/constants';

export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** Time stands still unless a test moves it: no sleeps. */
export function createClock(start = Date.parse('2026-03-02T09:00:00.000Z')): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}

/**
 * The secret box key of every test app: a test that writes a sealed value itself (insertTwoFactor) seals
 * it as the app would.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7);

/**
 * The load shedding out of the way, for every app a test builds (buildApp's callers too): a test machine's
 * neighbours (and PGlite's start, which holds the loop) would shed requests at random, and suites that
 * generate several reports or exports at once are about those, not the per-class limit;
 * tests/integration/server/http/shedding.test.ts wires both.
 */
export const TEST_SHEDDING = { maxEventLoopDelayMs: 0, heavyConcurrency: 1_000 } as const;

export async function buildTestApp(
  database: Database,
  clock: TestClock,
  config: ServerConfigOverrides = {},
  modules?: readonly ServerModule[],
): Promise<FastifyInstance> {
  return buildApp({
    ...(modules ? { modules } : {}),
    database,
    config: {
      now: clock.now,
      ...config,
      shedding: { ...TEST_SHEDDING, ...config.shedding },
    },
    logger: createLogger({ level: 'silent' }),
    secretKey: TEST_SECRET_KEY,
    // Test-only: the local sinks (SMTP, chat and webhook receivers) listen on loopback, which the outbound
    // guard refuses to every production configuration.
    outbound: { allow: ['127.0.0.1/32'] },
  });
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/**
 * scrypt at a thousandth of the production cost: what a fixture account's sign-in verifies. The production
 * cost (~0.4 s of CPU per sign-in) is what the hashing tests and the sign-in flood test (`strength:
 * 'production'`) are about; every other suite signs its fixtures in for what follows the sign-in.
 */
const FIXTURE_SCRYPT = { N: 2 ** 7, r: 8, p: 1 } as const;
let fixtureHash: Promise<string> | undefined;

/** DEMO_PASSWORD's hash for fixture accounts, made once per process at the fixture cost. */
export function fixturePasswordHash(): Promise<string> {
  return (fixtureHash ??= hashPassword(DEMO_PASSWORD, undefined, FIXTURE_SCRYPT));
}

/** Inserts a user whose password is DEMO_PASSWORD, without paying for a hash. */
export async function insertUser(
  database: Database,
  role: SystemRoleId,
  options: { status?: UserStatus; email?: string; strength?: 'fixture' | 'production' } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = options.email ?? `${role}-${id.slice(0, 8)}@test.example`;
  await database.db.insert(users).values({
    id,
    email,
    name: `Test ${role}`,
    role,
    status: options.status ?? 'active',
    passwordHash:
      options.strength === 'production'
        ? DEMO_PASSWORD_HASHES['admin@demo.example']
        : await fixturePasswordHash(),
  });
  return { id, email, password: DEMO_PASSWORD };
}

export async function setUserStatus(database: Database, userId: string, status: UserStatus): Promise<void> {
  await database.db.update(users).set({ status }).where(eq(users.id, userId));
}

/** A token as the server would issue it at sign-in, for tests whose subject is not the sign-in. */
export async function tokenFor(database: Database, clock: TestClock, userId: string): Promise<string> {
  const secret = await loadSigningSecret(database.db, createSecretBox(TEST_SECRET_KEY));
  const tokens = createTokenService({
    secret,
    lifetimeMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
    now: clock.now,
  });
  return (await tokens.issue(userId)).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Envelope {
  success: boolean;
  data?: unknown;
  error?: string;
  message?: string;
}

/** Injects and parses the JSON envelope. */
export async function call(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: Envelope; headers: Record<string, unknown> }> {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json<Envelope>(), headers: response.headers };
}

export function login(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return call(app, { method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
}

/** A second-step challenge as the server issues it after a correct password (issue 13). */
export async function challengeFor(
  database: Database,
  clock: TestClock,
  userId: string,
  step: TwoFactorStep,
): Promise<string> {
  const challenges = createChallengeService(
    await loadSigningSecret(database.db, createSecretBox(TEST_SECRET_KEY)),
    clock.now,
  );
  return (await challenges.issue(userId, step)).challenge;
}

/** An authenticator for the user, straight into the database: confirmed, or pending its first code. */
export async function insertTwoFactor(
  database: Database,
  userId: string,
  options: { confirmed?: boolean } = {},
): Promise<{ secret: string; code: (at: number) => string }> {
  const secret = new Secret({ size: 20 }).base32;
  await database.db.insert(userTwoFactor).values({
    userId,
    secret: createSecretBox(TEST_SECRET_KEY).seal(secret, `two-factor:${userId}`),
    confirmedAt: options.confirmed === false ? null : new Date(),
  });
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return { secret, code: (at) => totp.generate({ timestamp: at }) };
}
