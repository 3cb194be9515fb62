// What `npm test` needs from the machine before it can run: Debian's Chromium for the end-to-end tests
// (its headless shell, and the whole browser for one spec), age for the backup suites, pdftotext
// (poppler-utils) for the report suites, the PostgreSQL 15 server binaries for the throwaway cluster the
// PostgreSQL suites run on, and HAProxy and PgBouncer (with PostgreSQL's pg_basebackup) for the cluster
// suite (tests/cluster, scripts/cluster).
// Plain JavaScript on purpose: it runs before anything of the project is built.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_CLUSTER = path.join(ROOT, 'scripts/pg-cluster.sh');

/** What the test run needs, each with the Debian package that provides it. */
export function requirements(env = process.env) {
  const pgBin = env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  const needs = [
    {
      what: 'Chromium (headless shell)',
      file: env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      pkg: 'chromium-headless-shell',
    },
    // The whole browser, for the one spec that needs what the shell lacks (browser Notifications).
    { what: 'Chromium', file: env.WHOLE_CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
    // The backup suites decrypt an archive with Debian's age to prove it opens without the app.
    { what: 'age', file: '/usr/bin/age', pkg: 'age' },
    // The report suites read a generated PDF's text back with poppler's pdftotext.
    { what: 'pdftotext', file: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
    // The cluster suite (tests/cluster) starts its balancer and pooler from Debian's packages.
    ...clusterRequirements(env).filter((need) => need.pkg !== 'postgresql-15'),
  ];
  // With TEST_DATABASE_URL set the PostgreSQL suites use that server; no local cluster is started.
  // The cluster suite still needs the binaries (initdb, pg_basebackup): it runs its own primary and standby.
  needs.push({ what: 'PostgreSQL 15 server', file: path.join(pgBin, 'initdb'), pkg: 'postgresql-15' });
  return needs;
}

/** What `npm run cluster` (scripts/cluster) needs: PostgreSQL 15 with pg_basebackup, HAProxy, PgBouncer. */
export function clusterRequirements(env = process.env) {
  const pgBin = env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  return [
    { what: 'HAProxy', file: '/usr/sbin/haproxy', pkg: 'haproxy' },
    { what: 'PgBouncer', file: '/usr/sbin/pgbouncer', pkg: 'pgbouncer' },
    { what: 'PostgreSQL 15 server', file: path.join(pgBin, 'initdb'), pkg: 'postgresql-15' },
    { what: 'pg_basebackup', file: path.join(pgBin, 'pg_basebackup'), pkg: 'postgresql-15' },
  ];
}

export function missing(env = process.env, exists = existsSync, needs = requirements(env)) {
  return needs.filter((need) => !exists(need.file));
}

export class SetupError extends Error {}

/** The one line a user without root reads: exactly what to install, and how. */
export function installHint(packages, purpose = 'npm test') {
  const list = packages.join(' ');
  return `${purpose} needs ${list} from Debian and is not running as root: run "sudo apt-get install -y ${list}", then ${purpose} again.`;
}

/**
 * Installs what is missing from Debian when running as root (non-interactive); without root,
 * throws a SetupError carrying the one line that says what to install.
 */
export function ensureInstalled({
  env = process.env,
  isRoot = process.getuid?.() === 0,
  log = console.log,
  needs = requirements(env),
  purpose = 'npm test',
} = {}) {
  const lacking = missing(env, existsSync, needs);
  if (lacking.length === 0) return [];
  const packages = [...new Set(lacking.map((need) => need.pkg))];
  if (!isRoot) throw new SetupError(installHint(packages, purpose));
  log(`Installing ${packages.join(' ')} from Debian (${lacking.map((n) => n.what).join(', ')} missing)`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) {
      throw new SetupError(
        `apt-get ${args[0]} failed (exit ${result.status ?? result.signal}); install ${packages.join(' ')} by hand.`,
      );
    }
  }
  const still = missing(env, existsSync, needs);
  if (still.length > 0) {
    throw new SetupError(
      `Still missing after installing: ${still.map((n) => `${n.what} (${n.file})`).join(', ')}`,
    );
  }
  return packages;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** statfs's type of a tmpfs (Linux). */
const TMPFS_MAGIC = 0x01021994;
/** Less free than this and the run keeps its temporary files on disk (it writes ~2 GiB at most). */
const RAM_TEMP_MIN_FREE = 4 * 1024 ** 3;

/**
 * Whether `base` is a RAM-backed file system (tmpfs) with `minFree` bytes free that lets programs run from
 * it (tests run programs they write in their temporary folders).
 */
export function isRoomyTmpfs(base, minFree) {
  try {
    const fs = statfsSync(base);
    return (
      fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= minFree && !mountOptions(base).includes('noexec')
    );
  } catch {
    return false;
  }
}

/**
 * A folder for the run's temporary files (TMPDIR of every stage and of the PostgreSQL cluster) on a
 * RAM-backed file system, when the machine has one (Linux's /dev/shm): the suites make, copy and remove
 * database folders all along (a PGlite folder is ~1,400 files, a host's data folder more), and on this
 * machine's disk a copy of one costs ~2 s of the kernel's CPU against ~0.1 s in RAM. Open to every user
 * as /tmp is (the cluster runs as postgres, one test as nobody). Answers undefined, and the run uses the
 * usual temporary folder, when TMPDIR is set (the caller's choice), `base` is no roomy tmpfs
 * (`isRoomyTmpfs`), or the folder cannot be made.
 */
export function makeRunTempFolder(env = process.env, base = '/dev/shm') {
  if (env.TMPDIR || !isRoomyTmpfs(base, RAM_TEMP_MIN_FREE)) return undefined;
  try {
    const dir = mkdtempSync(path.join(base, 'ops-console-test-'));
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

/** The options `mountPoint` is mounted with (the last mount there wins), from /proc/self/mounts. */
function mountOptions(mountPoint) {
  const mount = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .findLast((fields) => fields[1] === mountPoint);
  return mount?.[3]?.split(',') ?? [];
}

/** Starts a throwaway cluster (scripts/pg-cluster.sh) and answers its TEST_DATABASE_URL. */
export function startCluster(port, env = process.env) {
  const result = spawnSync('bash', [PG_CLUSTER, 'start', String(port)], { env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new SetupError(`Could not start PostgreSQL on port ${port}: ${result.stderr.trim()}`);
  const url = /TEST_DATABASE_URL=(\S+)/.exec(result.stdout)?.[1];
  if (!url) throw new SetupError(`scripts/pg-cluster.sh printed no address: ${result.stdout.trim()}`);
  return url;
}

export function stopCluster(port, env = process.env) {
  spawnSync('bash', [PG_CLUSTER, 'stop', String(port)], { env, stdio: 'ignore' });
}

/** The stages running now, so that a signal can be passed on to each. */
export const running = new Set();

/**
 * Runs one command; answers its exit code (a signal counts as failure). With `buffered`, its output is
 * collected and handed to `buffered` at the end instead of interleaving with a stage that streams.
 */
export function run(command, args, env, buffered) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.once('error', (error) => {
      running.delete(child);
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      buffered?.(Buffer.concat(chunks).toString());
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
