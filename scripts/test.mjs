// `npm test`: the whole check a fresh machine can run by itself. Installs Chromium and PostgreSQL 15
// from Debian when missing (as root), starts a throwaway PostgreSQL cluster unless TEST_DATABASE_URL
// is set, runs every stage, prints how long each took, and stops the cluster on any exit (failure,
// Ctrl-C, SIGTERM). `npm test -- unit e2e` runs only the named stages.
import { rmSync } from 'node:fs';
import {
  SetupError,
  ensureInstalled,
  freePort,
  makeRunTempFolder,
  run,
  running,
  startCluster,
  stopCluster,
} from './test-setup.mjs';

/**
 * In order; stages of one `group` run side by side (much of each waits on timers, a database or a
 * child process, and two cores would otherwise idle), the first one's output streamed, the others'
 * printed when they end. A failing check stage stops the run; test stages all run so one report shows
 * every failure.
 */
const STAGES = [
  { name: 'typecheck', script: 'typecheck', gate: true, group: 'checks' },
  { name: 'lint', script: 'lint', gate: true, group: 'checks' },
  // Beside the checks: they are single-threaded (tsc, eslint), and the build (esbuild, the demo snapshot)
  // fills what they leave of the two cores; nothing of the build needs them first.
  { name: 'build', script: 'build', gate: true, group: 'checks' },
  { name: 'unit', script: 'test:unit', group: 'node' },
  // The e2e tests that wait on real minutes, nearly idle meanwhile (playwright.config.ts: REAL_MINUTES):
  // beside the unit stage, whose cores they hardly take, instead of three minutes alone at the end.
  {
    name: 'e2e-minutes',
    script: 'test:e2e',
    args: ['--project=real-minutes'],
    env: { E2E_REPORT: 'test-reports/e2e-minutes.json' },
    group: 'node',
    part: 'e2e',
  },
  { name: 'security', script: 'test:security', group: 'node' },
  { name: 'packaging', script: 'test:packaging', group: 'node' },
  { name: 'e2e', script: 'test:e2e', args: ['--project=browser-host', '--project=electron'], part: 'e2e' },
];

const wanted = process.argv.slice(2);
/** `npm test -- e2e` runs both parts of the e2e tests; `e2e-minutes` the one. */
const named = (stage, name) => stage.name === name || stage.part === name;
const unknown = wanted.filter((name) => !STAGES.some((stage) => named(stage, name)));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const stages =
  wanted.length > 0 ? STAGES.filter((stage) => wanted.some((name) => named(stage, name))) : STAGES;

let clusterPort;
let tempFolder;
const cleanUp = () => {
  if (clusterPort !== undefined) {
    const port = clusterPort;
    clusterPort = undefined;
    stopCluster(port, { ...process.env, ...(tempFolder ? { TMPDIR: tempFolder } : {}) });
    console.log(`Stopped the test PostgreSQL cluster on port ${port}`);
  }
  if (tempFolder !== undefined) {
    const folder = tempFolder;
    tempFolder = undefined;
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  }
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The stage running now gets the signal too (Ctrl-C reaches the whole group; kill only us).
    for (const child of running) child.kill(signal);
    cleanUp();
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0));
  });
}

const times = [];
let failed = false;
let runStarted = performance.now();
try {
  ensureInstalled();
  // A full run starts from no reports, so a stage that dies before writing one is counted as missing.
  if (wanted.length === 0) rmSync('test-reports', { recursive: true, force: true });
  const env = { ...process.env };
  tempFolder = makeRunTempFolder(env);
  if (tempFolder) {
    env.TMPDIR = tempFolder;
    console.log(`Temporary files in ${tempFolder} (in memory), removed at the end`);
  }
  if (!env.TEST_DATABASE_URL) {
    const port = Number(env.TEST_PG_PORT) || (await freePort());
    env.TEST_DATABASE_URL = startCluster(port, env);
    clusterPort = port;
    console.log(`PostgreSQL suites run on a throwaway cluster on port ${port}`);
  }
  runStarted = performance.now();
  const batches = [];
  for (const stage of stages) {
    const last = batches.at(-1);
    if (stage.group && last?.[0].group === stage.group) last.push(stage);
    else batches.push([stage]);
  }
  for (const batch of batches) {
    console.log(`\n▶ ${batch.map((stage) => stage.name).join(' + ')}`);
    const outcomes = await Promise.all(
      batch.map(async (stage, index) => {
        const started = performance.now();
        const print =
          index === 0 ? undefined : (output) => console.log(`\n▶ ${stage.name} (output)\n${output}`);
        const args = stage.args ? ['--', ...stage.args] : [];
        const code = await run(
          'npm',
          ['run', '--silent', stage.script, ...args],
          { ...env, ...stage.env },
          print,
        );
        return { stage, code, seconds: (performance.now() - started) / 1000 };
      }),
    );
    for (const { stage, code, seconds } of outcomes) {
      times.push({ name: stage.name, seconds, code });
      if (code !== 0) failed = true;
    }
    if (outcomes.some(({ stage, code }) => stage.gate && code !== 0)) break;
  }
} catch (error) {
  if (!(error instanceof SetupError)) throw error;
  console.error(error.message);
  failed = true;
} finally {
  cleanUp();
}

if (times.length > 0) {
  console.log('\nTime per stage');
  for (const { name, seconds, code } of times) {
    console.log(
      `  ${name.padEnd(10)} ${formatSeconds(seconds).padStart(8)}${code === 0 ? '' : `  failed (exit ${code})`}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(10)} ${formatSeconds((performance.now() - runStarted) / 1000).padStart(8)}`,
  );
}
// The closing line counts what the runners reported; it stays the last line printed.
if (wanted.length === 0 && times.length === STAGES.length) {
  const code = await run(process.execPath, ['scripts/test-summary.mjs'], process.env);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

function formatSeconds(seconds) {
  return seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
    : `${seconds.toFixed(1)} s`;
}
