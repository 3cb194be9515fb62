/**
 * The setup of a server suite, once: inside `describe.each(testDatabases)(..., (target) => { ... })`,
 *   const suite = useServerSuite(target, { tenants: true });
 * opens a fresh database on the target in beforeAll (with the demo dataset: `demo`), loads `seed`, builds the app on `suite.clock`, creates
 * the tenant fixture, and closes the app then the database in afterAll. A suite's own beforeAll hooks,
 * registered after this call, run after it (and its afterAll hooks before the closing).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfigOverrides } from '../../server/config';
import type { Database } from '../../server/db/client';
import type { SeedOptions } from '../../server/seed/demo';
import type { TestDatabaseTarget } from './databases';
import { buildTestApp, createClock, type TestClock } from './server';
import { createTenantFixture, type TenantFixture } from './tenancy';

export interface ServerSuiteOptions {
  /** The suite's clock; a standing one at the default start otherwise. */
  clock?: TestClock;
  /**
   * The demo dataset, seeded at the clock's start unless `now` says otherwise (seedDemo's options): the
   * database is a copy of one seeded once per run (TestDatabaseTarget.openDemo).
   */
  demo?: SeedOptions;
  /** Data loaded before the app is built (rows of its own; after `demo`). */
  seed?: (database: Database, clock: TestClock) => Promise<unknown>;
  /** `false`: the database only, for suites of the storage layer. */
  app?: false | ServerConfigOverrides;
  /** Creates the two-organization fixture of tests/support/tenancy.ts. */
  tenants?: boolean;
}

export interface ServerSuite {
  readonly clock: TestClock;
  readonly database: Database;
  readonly app: FastifyInstance;
  /** The tenant fixture (`tenants: true`), filled in beforeAll: tests read `f.orgA` as before. */
  readonly f: TenantFixture;
}

export function useServerSuite(target: TestDatabaseTarget, options: ServerSuiteOptions = {}): ServerSuite {
  const clock = options.clock ?? createClock();
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const f = {} as TenantFixture;

  beforeAll(async () => {
    database = options.demo
      ? await target.openDemo({ now: clock.now(), ...options.demo })
      : await target.open();
    await options.seed?.(database, clock);
    if (options.app !== false) app = await buildTestApp(database, clock, options.app);
    if (options.tenants) Object.assign(f, await createTenantFixture(database, clock));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // A getter that throws names the mistake (used outside a test, or not asked for) instead of an undefined.
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`useServerSuite: no ${what} (not asked for, or used before beforeAll)`);
    return value;
  };
  return {
    clock,
    get database() {
      return ready(database, 'database');
    },
    get app() {
      return ready(app, 'app');
    },
    f,
  };
}
