import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_FALLBACK_LINE, electronPackageDir, findElectronBinary } from '../../scripts/start.mjs';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * The README's first command on this machine: `npm start` as a newcomer runs it (through npm, with its
 * whole process tree), on a machine without the Electron binary. Where the binary is installed, an empty
 * ELECTRON_OVERRIDE_DIST_PATH stands for its absence, so the test never opens a desktop window. It reuses
 * the build `npm test` made before the e2e stage (`--no-build`): a build inside the test would take minutes
 * and replace dist/ under the other tests' hosts.
 */
const ADDRESS_LINE = /^Operations console: (http:\/\/\S+)$/m;
const SERVER_READY_LINE = /Embedded server listening on /;

test('npm start without the Electron binary says so in one line, opens the browser host, and signs in', async ({
  page,
}) => {
  // npm, the start script and a whole host start (most of a minute on a busy machine), then a sign-in.
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'console-npm-start-'));
  const emptyDist = await mkdtemp(path.join(tmpdir(), 'no-electron-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', CONSOLE_DATA_DIR: dataDir };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  if (findElectronBinary(electronPackageDir(), env)) env.ELECTRON_OVERRIDE_DIST_PATH = emptyDist;

  // Its own process group, so that the test can stop npm, the script and the host as Ctrl-C does.
  const child = spawn('npm', ['start', '--', '--no-build'], {
    cwd: path.resolve('.'),
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start did not open the console:\n${stdout}${stderr}`)),
        150_000,
      );
      const check = () => {
        const match = ADDRESS_LINE.exec(stdout);
        if (match?.[1] && SERVER_READY_LINE.test(stdout + stderr)) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        check();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        check();
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${stdout}${stderr}`));
      });
    });

    // The one line, once, before the address; no download attempt and no stack trace.
    const lines = stdout.split('\n');
    expect(lines.filter((line) => line === BROWSER_FALLBACK_LINE)).toHaveLength(1);
    expect(lines.indexOf(BROWSER_FALLBACK_LINE)).toBeLessThan(
      lines.findIndex((line) => ADDRESS_LINE.test(line)),
    );
    expect(stdout + stderr).not.toContain('Downloading Electron');
    expect(stdout + stderr).not.toMatch(/^\s+at \S/m);

    await page.goto(url);
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });
  } finally {
    await stopTree(child);
    await rm(dataDir, { recursive: true, force: true });
    await rm(emptyDist, { recursive: true, force: true });
  }
  expect(groupAlive(child)).toBe(false);
});

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-(child.pid ?? 0), 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group (npm, the start script, the host), as Ctrl-C reaches it; SIGKILL if it hangs. */
async function stopTree(child: ChildProcess): Promise<void> {
  if (!child.pid || !groupAlive(child)) return;
  process.kill(-child.pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (groupAlive(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(child)) process.kill(-child.pid, 'SIGKILL');
}
