// The console as a cluster on this machine (issue 28), from Debian's packages: a PostgreSQL 15 primary and a
// streaming standby (pg_basebackup), PgBouncer in session mode in front of the primary, N server instances
// (dist/server/cli.js) on PgBouncer, and HAProxy in front of them with a readiness check. Every config file
// is rendered from the production templates in deploy/. State (data, logs, rendered files, PIDs) lives in
// one folder, so that `down` stops and removes everything `up` started, and nothing else.
// Plain JavaScript like scripts/test-setup.mjs: `npm run cluster` runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SetupError, clusterRequirements, ensureInstalled, freePort } from '../test-setup.mjs';
import { parseEnvFile, renderTemplate } from './render.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(ROOT, 'dist/server/cli.js');
/**
 * How production runs the server (deploy/systemd/ops-console@.service): on Node 22, AsyncLocalStorage on
 * async context frames instead of promise hooks (Node 24's default, where the flag is not needed).
 */
export const SERVER_NODE_FLAGS =
  Number(process.versions.node.split('.')[0]) === 22 ? ['--experimental-async-context-frame'] : [];
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const STATE_FILE = 'state.json';
export const DATABASE_NAME = 'console';
export const DATABASE_USER = 'console';
export const STANDBY_NAME = 'standby';
export { SetupError };

/** One cluster per machine and user unless told otherwise (`--dir`, CLUSTER_DIR). */
export const DEFAULT_DIR = process.env.CLUSTER_DIR || path.join(os.tmpdir(), 'ops-console-cluster');

/**
 * PostgreSQL refuses to run as root and so does PgBouncer: as root, both run as Debian's `postgres` user
 * (their folders are given to it); anyone else runs everything as themselves.
 */
function daemonUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid))
    throw new SetupError('Running as root needs the postgres user (from the postgresql-15 package)');
  return { uid, gid };
}

/** A folder the daemons own (mode 0700: PostgreSQL insists on it for its data). */
function daemonFolder(folder, user) {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(folder, user.uid, user.gid);
}

function writeOwned(file, text, user, mode = 0o600) {
  writeFileSync(file, text, { mode });
  if (user.uid !== undefined) chownSync(file, user.uid, user.gid);
}

function runSync(command, args, { user = {}, what = command } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...user });
  if (result.status !== 0) {
    throw new Error(
      `${what} failed (exit ${result.status ?? result.signal}): ${(result.stderr || result.stdout).trim()}`,
    );
  }
  return result.stdout;
}

/** Starts a long-running process detached from us, its output in `logFile`; answers its PID. */
function spawnDaemon(command, args, { logFile, env, cwd, user = {} }) {
  const fd = openSync(logFile, 'a', 0o644);
  try {
    const child = spawn(command, args, {
      cwd: cwd ?? ROOT,
      env,
      detached: true,
      stdio: ['ignore', fd, fd],
      ...user,
    });
    child.unref();
    if (child.pid === undefined) throw new Error(`${command} did not start`);
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

/** Whether a process runs; a zombie (exited, not yet reaped by whoever inherited it) does not. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    // The state follows the command's closing parenthesis: `pid (comm) S …`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** A PID is only signalled while it is still the program we started (a PID can be reused). */
function isOurs(proc) {
  if (!isAlive(proc.pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8');
    return cmdline.includes(proc.program);
  } catch {
    return true; // No /proc: trust the record.
  }
}

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last `lines` lines of a log file, or '(no log)'. */
export function logTail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitFor(what, check, { timeoutMs = 60_000, intervalMs = 200, alive } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    if (alive && !alive()) throw new Error(`${what}: the process exited`);
    await sleep(intervalMs);
  }
  throw new Error(`${what}: no answer within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}`);
}

async function query(url, text, params) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function answers(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  await response.arrayBuffer();
  return response.status === 200;
}

export function statePath(dir = DEFAULT_DIR) {
  return path.join(dir, STATE_FILE);
}

/** The running cluster's state, or undefined when there is none in `dir`. */
export function readState(dir = DEFAULT_DIR) {
  const file = statePath(dir);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

function saveState(state) {
  writeFileSync(statePath(state.dir), JSON.stringify(state, null, 2) + '\n', { mode: 0o644 });
}

/** The lines `up` prints: the balancer, then one per instance. */
export function describe(state) {
  return [
    `balancer ${state.balancer}`,
    ...state.instances.map((instance) => `instance ${instance.n} pid ${instance.pid} ${instance.url}`),
  ];
}

/** The production build's server; built when missing (dist/ is not in the repository). */
function ensureBuilt(log) {
  if (existsSync(CLI)) return;
  log('dist/server/cli.js is missing: building (npm run build)');
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (result.status !== 0 || !existsSync(CLI)) throw new Error('npm run build failed');
}

function postgresConf(values) {
  return renderTemplate('postgresql.conf', {
    POSTGRES_LISTEN: '127.0.0.1',
    POSTGRES_MAX_CONNECTIONS: 250,
    SYNCHRONOUS_STANDBY_NAMES: '',
    ...values,
  });
}

/** Starts a PostgreSQL data folder with pg_ctl (it waits until the server accepts connections). */
function startPostgres(dataDir, logFile, user) {
  runSync(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], {
    user,
    what: `PostgreSQL in ${dataDir} (${logFile})`,
  });
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * The local settings of a PostgreSQL data folder after the console's (deploy/postgresql.conf, rendered into
 * the folder as console.conf): its port, and no Unix socket (TCP on loopback only).
 */
function configurePostgres(dataDir, port, conf, user) {
  writeOwned(path.join(dataDir, 'console.conf'), conf, user);
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `\n# scripts/cluster\ninclude_if_exists = 'console.conf'\nport = ${port}\nunix_socket_directories = ''\n`,
  );
}

export const pgUrl = (port, user = 'postgres', database = 'postgres') =>
  `postgres://${user}@127.0.0.1:${port}/${database}`;

/**
 * Starts the cluster; answers its state when everything answers (the standby streams, PgBouncer connects,
 * every instance's readiness route answers 200 and HAProxy counts each one up).
 * Options: instances (default 2), dir, log (progress lines), synchronous (the standby is synchronous),
 * logLevel (the instances'; default warn), install (install missing Debian packages as root; default true),
 * env (more environment for the instances, over deploy/console.env), entry (the program the instances run:
 * dist/server/cli.js unless a test names a build of its own).
 */
export async function up(options = {}) {
  const {
    instances: count = 2,
    dir = DEFAULT_DIR,
    log = () => undefined,
    synchronous = false,
    logLevel = 'warn',
    install = true,
    env: extraEnv = {},
    entry = CLI,
  } = options;
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error(`--instances must be 1 to 16, not ${count}`);
  const previous = readState(dir);
  if (previous) {
    if (previous.processes.some(isOurs))
      throw new Error(`A cluster is already running in ${dir}: npm run cluster -- down first`);
    log(`removing the state of a cluster in ${dir} that is no longer running`);
    downSync(dir);
  }
  if (install) ensureInstalled({ needs: clusterRequirements(), purpose: 'npm run cluster', log });
  ensureBuilt(log);

  const user = daemonUser();
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  const state = {
    dir,
    startedAt: new Date().toISOString(),
    synchronous,
    processes: [],
    instances: [],
  };
  saveState(state);
  const record = (name, pid, program, extra = {}) => {
    state.processes.push({ name, pid, program, ...extra });
    saveState(state);
  };

  try {
    const [primaryPort, standbyPort, bouncerPort, balancerPort, statsPort, ...instancePorts] =
      await Promise.all(Array.from({ length: 5 + count }, () => freePort()));
    state.ports = {
      primary: primaryPort,
      standby: standbyPort,
      pgbouncer: bouncerPort,
      balancer: balancerPort,
      stats: statsPort,
    };

    // The primary.
    const primary = path.join(dir, 'primary');
    daemonFolder(primary, user);
    const primaryData = path.join(primary, 'data');
    log(`PostgreSQL primary on port ${primaryPort}`);
    runSync(
      path.join(PG_BIN, 'initdb'),
      ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'],
      { user, what: 'initdb' },
    );
    // Asynchronous until the standby streams: a synchronous primary would wait for it on every commit.
    configurePostgres(primaryData, primaryPort, postgresConf({}), user);
    const primaryPid = startPostgres(primaryData, path.join(primary, 'server.log'), user);
    record('primary', primaryPid, 'postgres', {
      postgres: primaryData,
      port: primaryPort,
      log: path.join(primary, 'server.log'),
    });
    const admin = pgUrl(primaryPort);
    await query(admin, `create role ${DATABASE_USER} login`);
    // PgBouncer 1.18 cannot pass node-postgres's startup timeouts on (deploy/pgbouncer.ini): the bounds of
    // issue 27 are set on the role instead.
    await query(admin, `alter role ${DATABASE_USER} set statement_timeout = '15s'`);
    await query(admin, `alter role ${DATABASE_USER} set idle_in_transaction_session_timeout = '30s'`);
    await query(admin, `create database ${DATABASE_NAME} owner ${DATABASE_USER}`);

    // The standby: a base backup of the primary with a replication slot, streaming from it.
    const standby = path.join(dir, 'standby');
    daemonFolder(standby, user);
    const standbyData = path.join(standby, 'data');
    log(`PostgreSQL standby on port ${standbyPort} (pg_basebackup)`);
    runSync(
      path.join(PG_BIN, 'pg_basebackup'),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        standbyData,
        '-X',
        'stream',
        '-c',
        'fast',
        '-C',
        '-S',
        STANDBY_NAME,
      ],
      { user, what: 'pg_basebackup' },
    );
    // A promoted standby has no standby of its own: with the primary's synchronous_standby_names it would
    // wait for one on every commit, so its copy leaves it empty.
    configurePostgres(standbyData, standbyPort, postgresConf({}), user);
    writeOwned(path.join(standbyData, 'standby.signal'), '', user);
    appendFileSync(
      path.join(standbyData, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}'\nprimary_slot_name = '${STANDBY_NAME}'\n`,
    );
    const standbyPid = startPostgres(standbyData, path.join(standby, 'server.log'), user);
    record('standby', standbyPid, 'postgres', {
      postgres: standbyData,
      port: standbyPort,
      log: path.join(standby, 'server.log'),
    });
    await waitFor('the standby streaming from the primary', async () => {
      const rows = await query(
        admin,
        `select 1 from pg_stat_replication where application_name = $1 and state = 'streaming'`,
        [STANDBY_NAME],
      );
      return rows.length === 1;
    });
    if (synchronous) {
      writeOwned(
        path.join(primaryData, 'console.conf'),
        postgresConf({ SYNCHRONOUS_STANDBY_NAMES: STANDBY_NAME }),
        user,
      );
      await query(admin, 'select pg_reload_conf()');
      await waitFor('the standby synchronous', async () => {
        const rows = await query(
          admin,
          `select sync_state from pg_stat_replication where application_name = $1`,
          [STANDBY_NAME],
        );
        return rows[0]?.sync_state === 'sync';
      });
    }

    // PgBouncer in front of the primary.
    const bouncer = path.join(dir, 'pgbouncer');
    daemonFolder(bouncer, user);
    const bouncerIni = path.join(bouncer, 'pgbouncer.ini');
    const authFile = path.join(bouncer, 'userlist.txt');
    writeOwned(authFile, `"${DATABASE_USER}" ""\n"postgres" ""\n`, user);
    state.pgbouncer = {
      ini: bouncerIni,
      values: {
        DATABASE_NAME,
        PRIMARY_HOST: '127.0.0.1',
        PRIMARY_PORT: primaryPort,
        PGBOUNCER_ADDRESS: '127.0.0.1',
        PGBOUNCER_PORT: bouncerPort,
        // Loopback only, on this machine: production uses scram-sha-256 (deploy/README.md).
        PGBOUNCER_AUTH_TYPE: 'trust',
        PGBOUNCER_AUTH_FILE: authFile,
        PGBOUNCER_ADMIN_USER: 'postgres',
        PGBOUNCER_POOL_SIZE: 200,
      },
    };
    writeOwned(bouncerIni, renderTemplate('pgbouncer.ini', state.pgbouncer.values), user);
    log(`PgBouncer on port ${bouncerPort} (session pooling)`);
    const bouncerLog = path.join(bouncer, 'pgbouncer.log');
    const bouncerPid = spawnDaemon('/usr/sbin/pgbouncer', [bouncerIni], {
      logFile: bouncerLog,
      user,
      cwd: bouncer,
      env: { PATH: process.env.PATH },
    });
    record('pgbouncer', bouncerPid, 'pgbouncer', { log: bouncerLog });
    const databaseUrl = pgUrl(bouncerPort, DATABASE_USER, DATABASE_NAME);
    await waitFor('PgBouncer', async () => (await query(databaseUrl, 'select 1 as ok'))[0]?.ok === 1, {
      alive: () => isAlive(bouncerPid),
    }).catch((error) => {
      throw new Error(`${error.message}\n${logTail(bouncerLog)}`);
    });
    Object.assign(state, {
      databaseUrl,
      primaryUrl: pgUrl(primaryPort, 'postgres', DATABASE_NAME),
      standbyUrl: pgUrl(standbyPort, 'postgres', DATABASE_NAME),
      pgbouncerAdminUrl: pgUrl(bouncerPort, 'postgres', 'pgbouncer'),
    });
    saveState(state);

    // The instances' environment: deploy/console.env, rendered once, the same for all of them.
    const envText = renderTemplate('console.env', {
      DATABASE_URL: databaseUrl,
      INSTANCE_HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(36).toString('base64url'),
      CONSOLE_SECRET_KEY: randomBytes(32).toString('base64'),
      // HAProxy reaches the instances from 127.0.0.1; a client on another loopback address (127.0.0.2, …)
      // is then told apart from it, as a remote client would be (tests/cluster).
      TRUST_PROXY: '127.0.0.1',
      CONSOLE_ALLOWED_HOSTS: 'localhost',
      LOG_LEVEL: logLevel,
    });
    const envFile = path.join(dir, 'console.env');
    writeFileSync(envFile, envText, { mode: 0o600 });
    const instanceEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? os.homedir(),
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      ...parseEnvFile(envText),
      ...extraEnv,
    };
    const startInstance = (n, port, extra = {}) => {
      const folder = path.join(dir, 'instances', String(n));
      mkdirSync(folder, { recursive: true });
      const logFile = path.join(folder, 'server.log');
      const pid = spawnDaemon(process.execPath, [...SERVER_NODE_FLAGS, entry], {
        logFile,
        cwd: folder,
        env: { ...instanceEnv, PORT: String(port), CONSOLE_DATA_DIR: folder, ...extra },
      });
      const url = `http://127.0.0.1:${port}`;
      const instance = { n, pid, port, url, log: logFile };
      state.instances.push(instance);
      record(`instance ${n}`, pid, path.basename(entry), { log: logFile });
      return instance;
    };
    const ready = (instance) =>
      waitFor(`instance ${instance.n}`, () => answers(`${instance.url}/auth/test`), {
        timeoutMs: 120_000,
        alive: () => isAlive(instance.pid),
      }).catch((error) => {
        throw new Error(`${error.message}\n${logTail(instance.log)}`);
      });
    // The first instance migrates and loads the demo data; the others start on the finished schema.
    log(`instance 1 on port ${instancePorts[0]} (migrations, demo data)`);
    await ready(startInstance(1, instancePorts[0], { CONSOLE_SEED_DEMO: '1' }));
    log(`instances 2-${count}`);
    await Promise.all(instancePorts.slice(1).map((port, index) => ready(startInstance(index + 2, port))));
    state.instances.sort((a, b) => a.n - b.n);

    // HAProxy in front of them.
    const balancer = path.join(dir, 'haproxy');
    mkdirSync(balancer, { recursive: true });
    const haproxyCfg = path.join(balancer, 'haproxy.cfg');
    writeFileSync(
      haproxyCfg,
      renderTemplate(
        'haproxy.cfg',
        { BALANCER_BIND: `127.0.0.1:${balancerPort}`, STATS_BIND: `127.0.0.1:${statsPort}` },
        state.instances.map((instance) => ({ INSTANCE_ADDRESS: `127.0.0.1:${instance.port}` })),
      ),
    );
    runSync('/usr/sbin/haproxy', ['-c', '-q', '-f', haproxyCfg], { what: 'haproxy -c' });
    log(`HAProxy on port ${balancerPort}`);
    const haproxyLog = path.join(balancer, 'haproxy.log');
    const haproxyPid = spawnDaemon('/usr/sbin/haproxy', ['-db', '-f', haproxyCfg], {
      logFile: haproxyLog,
      cwd: balancer,
      env: { PATH: process.env.PATH },
    });
    record('haproxy', haproxyPid, 'haproxy', { log: haproxyLog });
    state.balancer = `http://127.0.0.1:${balancerPort}`;
    state.stats = `http://127.0.0.1:${statsPort}/stats`;
    saveState(state);
    await waitFor(
      'HAProxy with every instance up',
      async () => (await serverStates(state)).every((entry) => entry.status === 'UP'),
      { alive: () => isAlive(haproxyPid) },
    ).catch((error) => {
      throw new Error(`${error.message}\n${logTail(haproxyLog)}`);
    });
    return state;
  } catch (error) {
    downSync(dir);
    throw error;
  }
}

/**
 * Each instance as HAProxy sees it now (its CSV statistics): name, status (UP, DOWN, …), open sessions and
 * the requests passed to it so far.
 */
export async function serverStates(state) {
  const response = await fetch(`${state.stats};csv`, { signal: AbortSignal.timeout(3_000) });
  const lines = (await response.text()).split('\n');
  const header = lines[0].replace(/^# /, '').split(',');
  const column = (name) => header.indexOf(name);
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter(
      (cells) => cells[column('pxname')] === 'instances' && cells[column('svname')]?.startsWith('console'),
    )
    .map((cells) => ({
      name: cells[column('svname')],
      status: cells[column('status')],
      sessions: Number(cells[column('scur')]),
      // HTTP requests HAProxy passed it since it started (each one a stream of its own).
      requests: Number(cells[column('stot')]),
    }));
}

/**
 * How each kind of process is stopped: the balancer and the instances first (SIGTERM: an instance finishes
 * its requests and closes its pool), then PgBouncer (SIGTERM: immediate shutdown), then PostgreSQL (SIGQUIT:
 * immediate shutdown; `down` removes the data anyway, and a checkpoint on the way out only costs time).
 */
const STOP_PHASES = [
  { stops: (proc) => proc.program === 'haproxy' || proc.name.startsWith('instance '), signal: 'SIGTERM' },
  { stops: (proc) => proc.program === 'pgbouncer', signal: 'SIGTERM' },
  { stops: (proc) => proc.program === 'postgres', signal: 'SIGQUIT' },
];

/** Signals every process of a phase at once, waits for them together, and kills what outlives the wait. */
function stopTogether(procs, signal, waitMs = 15_000) {
  const ours = procs.filter(isOurs);
  for (const proc of ours) {
    try {
      process.kill(proc.pid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && ours.some((proc) => isAlive(proc.pid))) sleepSync(50);
  for (const proc of ours.filter((p) => isAlive(p.pid))) {
    try {
      process.kill(proc.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Stops everything the cluster in `dir` started (the balancer and the instances before the pooler, the
 * pooler before the databases), and removes the folder. Synchronous, so that a test's exit handler can
 * call it too. Answers whether there was a cluster.
 */
export function downSync(dir = DEFAULT_DIR) {
  const state = readState(dir);
  if (!state) return false;
  for (const phase of STOP_PHASES) {
    stopTogether(state.processes.filter(phase.stops), phase.signal);
  }
  rmSync(dir, { recursive: true, force: true });
  return true;
}

export async function down(dir = DEFAULT_DIR) {
  return downSync(dir);
}

// Failover (bench/failover.ts, deploy/README.md): the primary lost, the standby promoted, PgBouncer re-pointed.

/** The processes whose parent is `pid` (PostgreSQL's backends, its WAL sender, …). */
function childrenOf(pid) {
  const found = [];
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * The primary's machine lost at once: every process of it frozen first (nothing more reaches the standby,
 * as when the machine or its network dies), then killed. Answers when it is gone.
 */
export function killPrimary(state) {
  const primary = state.processes.find((proc) => proc.name === 'primary');
  const pids = [primary.pid, ...childrenOf(primary.pid)];
  for (const signal of ['SIGSTOP', 'SIGKILL']) {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone meanwhile.
      }
    }
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && pids.some(isAlive)) sleepSync(20);
}

/** `pg_ctl promote`: the standby becomes a primary (it waits until the standby accepts writes). */
export function promoteStandby(state) {
  const standby = state.processes.find((proc) => proc.name === 'standby');
  runSync(path.join(PG_BIN, 'pg_ctl'), ['-D', standby.postgres, '-w', '-t', '60', 'promote'], {
    user: daemonUser(),
    what: 'pg_ctl promote',
  });
}

/**
 * Re-points PgBouncer at another PostgreSQL: its ini rendered again from deploy/pgbouncer.ini with the new
 * primary, then RELOAD on its admin console (clients stay connected; new server connections go there).
 */
export async function repointPgbouncer(state, port) {
  state.pgbouncer.values.PRIMARY_PORT = port;
  writeOwned(state.pgbouncer.ini, renderTemplate('pgbouncer.ini', state.pgbouncer.values), daemonUser());
  saveState(state);
  await query(state.pgbouncerAdminUrl, 'RELOAD');
}
