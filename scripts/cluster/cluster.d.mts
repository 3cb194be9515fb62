export { SetupError } from '../test-setup.mjs';

export interface ClusterProcess {
  name: string;
  pid: number;
  program: string;
  /** PostgreSQL's data folder (primary, standby). */
  postgres?: string;
  port?: number;
  log?: string;
}

export interface ClusterInstance {
  n: number;
  pid: number;
  port: number;
  url: string;
  log: string;
}

export interface ClusterState {
  dir: string;
  startedAt: string;
  synchronous: boolean;
  processes: ClusterProcess[];
  instances: ClusterInstance[];
  ports: { primary: number; standby: number; pgbouncer: number; balancer: number; stats: number };
  /** PgBouncer's ini file and the values it was rendered from (deploy/pgbouncer.ini). */
  pgbouncer: { ini: string; values: Record<string, string | number> };
  /** The instances' database: PgBouncer's. */
  databaseUrl: string;
  primaryUrl: string;
  standbyUrl: string;
  pgbouncerAdminUrl: string;
  balancer: string;
  stats: string;
}

export interface UpOptions {
  instances?: number;
  dir?: string;
  log?: (line: string) => void;
  synchronous?: boolean;
  logLevel?: string;
  install?: boolean;
  /** More environment for the instances, over deploy/console.env. */
  env?: Record<string, string>;
  /** The program the instances run (node runs it): dist/server/cli.js unless a test builds its own. */
  entry?: string;
}

export const DEFAULT_DIR: string;
/** dist/server/cli.js, the production build's server. */
export const CLI: string;
/** The node flags production runs the server with (deploy/systemd/ops-console@.service). */
export const SERVER_NODE_FLAGS: string[];
export const DATABASE_NAME: string;
export const DATABASE_USER: string;
export const STANDBY_NAME: string;
export function up(options?: UpOptions): Promise<ClusterState>;
export function down(dir?: string): Promise<boolean>;
export function downSync(dir?: string): boolean;
export function readState(dir?: string): ClusterState | undefined;
export function statePath(dir?: string): string;
export function describe(state: ClusterState): string[];
export function isAlive(pid: number): boolean;
/** The last `lines` lines of a log file, or '(no log)'. */
export function logTail(file: string, lines?: number): string;
export function pgUrl(port: number, user?: string, database?: string): string;
export function serverStates(
  state: ClusterState,
): Promise<{ name: string; status: string; sessions: number; requests: number }[]>;
export function killPrimary(state: ClusterState): void;
export function promoteStandby(state: ClusterState): void;
export function repointPgbouncer(state: ClusterState, port: number): Promise<void>;
