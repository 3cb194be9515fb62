/**
 * The README's test command (`npm test` → scripts/test.mjs) on a machine like a fresh one: what it
 * installs, the one line a user without root reads, and the throwaway PostgreSQL cluster it starts
 * and always stops — after a failing stage and after Ctrl-C. Stages are replaced by a fake `npm` on
 * PATH, so these tests exercise the orchestration, not the suites.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  installHint,
  isRoomyTmpfs,
  makeRunTempFolder,
  missing,
  requirements,
} from '../../../scripts/test-setup.mjs';

const SCRIPT = path.resolve('scripts/test.mjs');
const isRoot = process.getuid?.() === 0;
const hasPostgres = existsSync('/usr/lib/postgresql/15/bin/initdb');
/** Linux's RAM-backed /dev/shm, where a run keeps its temporary files. */
const hasShm = isRoomyTmpfs('/dev/shm', 0);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A folder with executables standing in for `npm` (and `apt-get`), put first on PATH. */
function fakeBin(tools: Record<string, string>, base = tmpdir()): { dir: string; log: string } {
  const dir = mkdtempSync(path.join(base, 'fake-bin-'));
  made.push(dir);
  const log = path.join(dir, 'calls.log');
  for (const [name, body] of Object.entries(tools)) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\necho "${name} $*" >> "${log}"\n${body}\n`);
    chmodSync(file, 0o755);
  }
  return { dir, log };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTestCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env, cwd: path.resolve('.') });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function baseEnv(bin: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:/usr/sbin:/usr/bin:/sbin:/bin`, ...extra };
  if (!('TEST_DATABASE_URL' in extra)) delete env.TEST_DATABASE_URL;
  return env;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const stateFile = (port: number) => path.join(process.env.TMPDIR ?? '/tmp', `ops-console-pg-${port}.dir`);

describe('what the test command needs', () => {
  it('needs both Chromiums, HAProxy, PgBouncer and the PostgreSQL 15 server (the cluster suite runs its own)', () => {
    const all = [
      'chromium-headless-shell',
      'chromium',
      'age',
      'poppler-utils',
      'haproxy',
      'pgbouncer',
      'postgresql-15',
    ];
    expect(requirements({}).map((r) => r.pkg)).toEqual(all);
    expect(requirements({ TEST_DATABASE_URL: 'postgres://x' }).map((r) => r.pkg)).toEqual(all);
    expect(requirements({ CHROMIUM_PATH: '/opt/c' })[0]?.file).toBe('/opt/c');
    expect(missing({}, (file) => file.endsWith('initdb')).map((r) => r.pkg)).toEqual(all.slice(0, -1));
    expect(missing({}, () => true)).toEqual([]);
  });

  it('tells a user without root exactly what to install, in one line', () => {
    const hint = installHint(['chromium', 'postgresql-15']);
    expect(hint).not.toContain('\n');
    expect(hint).toContain('sudo apt-get install -y chromium postgresql-15');
    expect(installHint(['haproxy'], 'npm run cluster')).toMatch(
      /^npm run cluster needs haproxy .* then npm run cluster again\.$/,
    );
  });
});

describe('where a run keeps its temporary files', () => {
  it('leaves them where TMPDIR says when it is set, and where they are without a tmpfs to hold them', () => {
    expect(makeRunTempFolder({ TMPDIR: '/somewhere' })).toBeUndefined();
    expect(makeRunTempFolder({}, '/proc')).toBeUndefined();
    expect(makeRunTempFolder({}, '/no/such/folder')).toBeUndefined();
  });

  it.runIf(isRoot)(
    'leaves them where they are when the tmpfs is mounted noexec: tests run programs they write',
    (context) => {
      const mount = mkdtempSync(path.join(tmpdir(), 'noexec-'));
      made.push(mount);
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=5g,noexec', 'tmpfs', mount], {
        stdio: 'pipe',
      });
      if (mounted.status !== 0) return context.skip('this sandbox refuses a tmpfs mount');
      try {
        expect(makeRunTempFolder({}, mount)).toBeUndefined();
        expect(spawnSync('mount', ['-o', 'remount,exec', mount], { stdio: 'pipe' }).status).toBe(0);
        expect(makeRunTempFolder({}, mount)).toBeDefined();
      } finally {
        spawnSync('umount', [mount], { stdio: 'pipe' });
      }
    },
  );

  it.runIf(hasShm)('makes a folder in /dev/shm open to every user, as /tmp is', () => {
    const folder = makeRunTempFolder({});
    expect(folder).toBeDefined();
    made.push(folder!);
    expect(path.dirname(folder!)).toBe('/dev/shm');
    expect(statSync(folder!).mode & 0o7777).toBe(0o1777);
  });
});

describe.runIf(hasPostgres)('the test command on a machine', () => {
  it('refuses an unknown stage', async () => {
    const { dir } = fakeBin({ npm: 'exit 0' });
    const outcome = await runTestCommand(['nonsense'], baseEnv(dir));
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('Unknown stage nonsense');
  });

  it('runs the stages against its own PostgreSQL cluster, then stops it', async () => {
    const port = await freePort();
    // Each stage proves the cluster answers at the address it was given.
    const { dir, log } = fakeBin({
      npm: 'psql "$TEST_DATABASE_URL" -tAc "select 41 + 1" >> "$(dirname "$0")/calls.log"',
    });
    const outcome = await runTestCommand(['build', 'unit'], baseEnv(dir, { TEST_PG_PORT: String(port) }));
    expect(outcome.code).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls).toEqual(['npm run --silent build', '42', 'npm run --silent test:unit', '42']);
    expect(outcome.stdout).toMatch(/Time per stage\n {2}build .*\n {2}unit .*\n {2}total/);
    expect(existsSync(stateFile(port))).toBe(false);
    expect(await listening(port)).toBe(false);
  });

  it('runs the stages of one group side by side, printing the later ones when they end', async () => {
    const { dir, log } = fakeBin({
      npm: 'echo "out of $3"; sleep 1; echo "$3 done" >> "$(dirname "$0")/calls.log"',
    });
    const outcome = await runTestCommand(
      ['unit', 'security'],
      baseEnv(dir, { TEST_DATABASE_URL: 'postgres://given/db' }),
    );
    expect(outcome.code).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    // Both started before either ended.
    expect(calls.slice(0, 2).sort()).toEqual([
      'npm run --silent test:security',
      'npm run --silent test:unit',
    ]);
    expect(outcome.stdout).toContain('▶ unit + security');
    expect(outcome.stdout).toContain('▶ security (output)\nout of test:security');
  });

  it('runs the e2e tests in two parts, the ones waiting on real minutes beside the unit stage, each with its report', async () => {
    const { dir, log } = fakeBin({ npm: 'echo "report=$E2E_REPORT" >> "$(dirname "$0")/calls.log"' });
    const env = baseEnv(dir, { TEST_DATABASE_URL: 'postgres://given/db' });
    expect((await runTestCommand(['e2e'], env)).code).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'npm run --silent test:e2e -- --project=real-minutes',
      'report=test-reports/e2e-minutes.json',
      'npm run --silent test:e2e -- --project=browser-host --project=electron',
      'report=',
    ]);
    rmSync(log);
    const outcome = await runTestCommand(['unit', 'e2e-minutes'], env);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain('▶ unit + e2e-minutes');
  });

  it('uses the given TEST_DATABASE_URL and starts no cluster', async () => {
    const { dir, log } = fakeBin({ npm: 'echo "url=$TEST_DATABASE_URL" >> "$(dirname "$0")/calls.log"' });
    const outcome = await runTestCommand(
      ['unit'],
      baseEnv(dir, { TEST_DATABASE_URL: 'postgres://given/db' }),
    );
    expect(outcome.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('url=postgres://given/db');
    expect(outcome.stdout).not.toContain('throwaway cluster');
  });

  it.runIf(hasShm)(
    'gives every stage a temporary folder in memory, removed at the end, unless TMPDIR is set',
    async () => {
      const { dir, log } = fakeBin({ npm: 'echo "tmp=$TMPDIR" >> "$(dirname "$0")/calls.log"' });
      const unset = baseEnv(dir, { TEST_DATABASE_URL: 'postgres://given/db' });
      delete unset.TMPDIR;
      expect((await runTestCommand(['unit'], unset)).code).toBe(0);
      const used = /tmp=(\S+)/.exec(readFileSync(log, 'utf8'))?.[1];
      expect(used).toMatch(/^\/dev\/shm\/ops-console-test-/);
      expect(existsSync(used!)).toBe(false);
      rmSync(log);
      const given = mkdtempSync(path.join(tmpdir(), 'given-tmp-'));
      made.push(given);
      const set = baseEnv(dir, { TEST_DATABASE_URL: 'postgres://given/db', TMPDIR: given });
      expect((await runTestCommand(['unit'], set)).code).toBe(0);
      expect(readFileSync(log, 'utf8')).toContain(`tmp=${given}`);
      expect(existsSync(given)).toBe(true);
    },
  );

  it('stops the cluster when a stage fails, and a failing build stops the run', async () => {
    const port = await freePort();
    const { dir, log } = fakeBin({ npm: 'exit 3' });
    const outcome = await runTestCommand(['build', 'unit'], baseEnv(dir, { TEST_PG_PORT: String(port) }));
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/build .* failed \(exit 3\)/);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['npm run --silent build']);
    expect(existsSync(stateFile(port))).toBe(false);
    expect(await listening(port)).toBe(false);
  });

  it('stops the cluster and the running stage on Ctrl-C', async () => {
    const port = await freePort();
    // A length nothing else on the machine sleeps for: the check at the end looks for it machine-wide.
    const { dir } = fakeBin({ npm: 'exec sleep 3217' });
    let sent = false;
    const outcome = await runTestCommand(
      ['unit'],
      baseEnv(dir, { TEST_PG_PORT: String(port) }),
      (text, child) => {
        if (!sent && text.includes('▶ unit')) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    );
    expect(outcome.code).toBe(130);
    expect(outcome.stdout).toContain(`Stopped the test PostgreSQL cluster on port ${port}`);
    expect(existsSync(stateFile(port))).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(spawnSync('pgrep', ['-f', 'sleep 3217']).status).not.toBe(0);
  });

  it.runIf(isRoot)('as root, installs what is missing from Debian, non-interactively', async () => {
    const { dir, log } = fakeBin({
      'apt-get': 'echo "DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> "$(dirname "$0")/calls.log"',
      npm: 'exit 0',
    });
    const outcome = await runTestCommand(
      ['unit'],
      baseEnv(dir, { CHROMIUM_PATH: '/nonexistent/chromium-headless-shell' }),
    );
    const calls = readFileSync(log, 'utf8');
    expect(calls).toContain('apt-get update -qq');
    expect(calls).toMatch(/apt-get install -y -qq --no-install-recommends chromium-headless-shell\n/);
    expect(calls).toContain('DEBIAN_FRONTEND=noninteractive');
    // The fake apt-get installed nothing, and the command says so instead of running the stages.
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      'Still missing after installing: Chromium (headless shell) (/nonexistent/chromium-headless-shell)',
    );
    expect(calls).not.toContain('npm run');
  });

  it.runIf(isRoot)('without root, prints one line saying what to install and exits non-zero', () => {
    // `nobody` may not enter the checkout (a clone in root's home or a private temporary folder): it runs
    // copies of the scripts and of this Node from a folder of /tmp that everyone may enter.
    const open = mkdtempSync('/tmp/npm-test-as-nobody-');
    for (const folder of [open, path.join(open, 'scripts'), path.join(open, 'bin')]) {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o755);
    }
    for (const name of ['test.mjs', 'test-setup.mjs']) {
      copyFileSync(path.join(path.dirname(SCRIPT), name), path.join(open, 'scripts', name));
    }
    const node = path.join(open, 'bin', 'node');
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
    const { dir } = fakeBin({ npm: 'exit 0' }, open);
    chmodSync(dir, 0o755);
    const result = spawnSync(
      'runuser',
      ['-u', 'nobody', '--', node, path.join(open, 'scripts', 'test.mjs')],
      {
        env: baseEnv(dir, { CHROMIUM_PATH: '/nonexistent/chromium-headless-shell', HOME: '/tmp' }),
        encoding: 'utf8',
      },
    );
    rmSync(open, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm test needs chromium-headless-shell from Debian and is not running as root: run "sudo apt-get install -y chromium-headless-shell", then npm test again.',
    ]);
  });
});
