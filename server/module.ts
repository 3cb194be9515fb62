import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerContext } from './context';
import type { Database } from './db/client';
import type { Route } from './http/router';
import type { JobRunner } from './jobs/runner';

/** What a group's module is handed: the app, its router and context, the database and the job runner. */
export interface ModuleHost {
  app: FastifyInstance;
  route: Route;
  ctx: ServerContext;
  database: Database;
  log: FastifyBaseLogger;
  /** The server's job runner, not started yet; absent in an app built for a test (no background work). */
  jobs?: JobRunner;
}

/**
 * One endpoint group of `server/` (issue 26): `server/<group>/module.ts` exports one of these, and
 * `app.ts` and `start.ts` loop over `SERVER_MODULES` (server/modules.ts). A test app can be built with
 * only the modules its suite needs (`buildApp({ modules })`).
 */
export interface ServerModule {
  readonly name: string;
  /** The group's routes, hooks and decorations. */
  register(host: ModuleHost): void | Promise<void>;
  /** The group's queues and schedules on the server's job runner, before it starts (only with one). */
  jobs?(runner: JobRunner, host: ModuleHost): Promise<void>;
  /** Once the runner runs: work to do at once rather than at the first scheduled tick. */
  start?(runner: JobRunner): Promise<void>;
}
