/**
 * The sign-in screen as a browser really loads it, in Chromium through the browser host: the scripts
 * fetched before the Sign In button is enabled (files, and bytes as they came over the wire,
 * compressed), the time to that moment and to the first contentful paint, then sign-in click → first
 * KPI value on the dashboard. Cold loads (a new browser context each, no cache), medians.
 *
 * Side by side in one run, alternating: this checkout's build, and with BENCH_RENDERER_BASELINE (the
 * dist/main/browser.js of another build, e.g. main's) that one; with BENCH_PEER_DIR (a built static
 * site, e.g. react-admin's demo) the peer's sign-in page, served gzip-compressed from 127.0.0.1.
 * BENCH_RENDERER_RUNS sets the number of loads (default 5).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO, DEMO_PASSWORD, makeDataDir, startHost, type RunningHost } from '../tests/support/browser-host';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import type { BenchResult } from './run';

const RUNS = Number(process.env.BENCH_RENDERER_RUNS ?? 5);
const SIGN_IN_BUDGET_KB = 150;
const SIGN_IN_BUDGET_FILES = 4;
/** The target: our button interactive in at most 0.8 × the peer's time, same run. */
const PEER_RATIO_TARGET = 0.8;

interface Probe {
  /** The sign-in button's text. */
  button: string;
  /** The element whose text is the first KPI value (ours only). */
  kpi?: string;
}

interface Load {
  jsFiles: number;
  /** Compressed body bytes of those scripts, as sent. */
  jsWireBytes: number;
  /** Their size uncompressed. */
  jsBytes: number;
  buttonMs: number;
  fcpMs: number;
  /** Sign-in click → first KPI value; ours only. */
  kpiMs?: number;
}

interface Target {
  label: string;
  probe: Probe;
  open: () => Promise<{ url: string; close: () => Promise<void> }>;
  signIn: boolean;
}

/**
 * Installed before any script of the page: notes when the enabled sign-in button enters the page
 * (checked on every change and every frame), when the form is submitted and when the first KPI shows
 * a value. Plain JavaScript text: a function passed to the page would carry tsx's helpers with it.
 */
function probeScript(probe: Probe): string {
  return `(() => {
    const probe = ${JSON.stringify(probe)};
    const marks = (globalThis.__signInBench = {});
    const check = () => {
      if (marks.button === undefined) {
        const button = [...document.querySelectorAll('button')].find(
          (b) => (b.textContent || '').trim().toLowerCase() === probe.button.toLowerCase() && !b.disabled,
        );
        if (button) marks.button = performance.now();
      }
      if (probe.kpi && marks.submitted !== undefined && marks.kpi === undefined) {
        const kpi = document.querySelector(probe.kpi);
        if (kpi && (kpi.textContent || '').trim()) marks.kpi = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const frame = () => {
      check();
      if (marks.kpi === undefined) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    document.addEventListener('submit', () => { if (marks.submitted === undefined) marks.submitted = performance.now(); }, true);
  })();`;
}

async function loadOnce(browser: Browser, target: Target): Promise<Load> {
  const site = await target.open();
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.addInitScript(probeScript(target.probe));
    await page.goto(site.url);
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { __signInBench: { button?: number } }).__signInBench.button !== undefined,
    );
    // Scripts still arriving when the button appeared were asked for before it: let them finish.
    await page.waitForLoadState('load');
    const load = await page.evaluate(readLoad);
    if (target.signIn) load.kpiMs = await signInToKpi(page);
    return load;
  } finally {
    await context.close();
    await site.close();
  }
}

/** The fields of a browser's PerformanceResourceTiming read here (this file is type-checked for Node). */
interface ResourceEntry {
  name: string;
  startTime: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

function readLoad(): Load {
  const marks = (globalThis as unknown as { __signInBench: Record<string, number> }).__signInBench;
  const button = marks.button ?? Number.NaN;
  const scripts = (performance.getEntriesByType('resource') as unknown as ResourceEntry[]).filter(
    (e) => /\.m?js$/.test(new URL(e.name).pathname) && e.startTime <= button,
  );
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
  return {
    jsFiles: scripts.length,
    jsWireBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
    jsBytes: scripts.reduce((sum, e) => sum + e.decodedBodySize, 0),
    buttonMs: button,
    fcpMs: fcp,
  };
}

async function signInToKpi(page: Page): Promise<number> {
  await page.getByLabel('Email Address').fill(DEMO.admin);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForFunction(
    () => (globalThis as unknown as { __signInBench: { kpi?: number } }).__signInBench.kpi !== undefined,
    undefined,
    { timeout: 30_000 },
  );
  const ms = await page.evaluate(() => {
    const marks = (globalThis as unknown as { __signInBench: Record<string, number> }).__signInBench;
    return (marks.kpi ?? Number.NaN) - (marks.submitted ?? Number.NaN);
  });
  // The session belongs to the host, not to the page: the next cold load must find the sign-in form.
  await page.evaluate(() =>
    (globalThis as unknown as { consoleApi: { 'auth:logout': () => Promise<unknown> } }).consoleApi[
      'auth:logout'
    ](),
  );
  return ms;
}

/** A browser host kept for all the loads of one build (its embedded server warm after the first). */
async function hostTarget(label: string, entry: string): Promise<Target & { stop: () => Promise<void> }> {
  const data = await makeDataDir();
  let host: RunningHost | undefined;
  return {
    label,
    probe: { button: 'Sign In', kpi: '[data-testid="kpi-mrr"]' },
    signIn: true,
    async open() {
      host ??= await startHost(data.dir, { entry });
      return { url: host.url, close: async () => {} };
    },
    async stop() {
      await host?.stop();
      await data.remove();
    },
  };
}

/** The peer's static build, gzip-compressed like a production server would send it. */
async function peerTarget(label: string, dir: string): Promise<Target & { stop: () => Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const urlPath = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
      let file = path.join(dir, path.normalize(urlPath));
      if (!file.startsWith(dir)) return response.writeHead(403).end();
      if (
        !(await stat(file)
          .then((s) => s.isFile())
          .catch(() => false))
      )
        file = path.join(dir, 'index.html');
      let body = cache.get(file);
      if (!body) {
        body = gzipSync(await readFile(file), { level: 9 });
        cache.set(file, body);
      }
      const type = /\.m?js$/.test(file)
        ? 'text/javascript'
        : /\.css$/.test(file)
          ? 'text/css'
          : /\.html$/.test(file)
            ? 'text/html'
            : 'application/octet-stream';
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' }).end(body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    label,
    probe: { button: 'Sign in' },
    signIn: false,
    open: async () => ({ url: `http://127.0.0.1:${port}/#/login`, close: async () => {} }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface SignInFigures {
  label: string;
  jsFiles: number;
  jsWireKb: number;
  jsKb: number;
  buttonMs: number;
  fcpMs: number;
  kpiMs?: number;
}

/** Every target measured RUNS times, one load of each in turn, after one unmeasured load each. */
export async function measureSignInLoads(): Promise<SignInFigures[]> {
  const targets: (Target & { stop: () => Promise<void> })[] = [];
  const baseline = process.env.BENCH_RENDERER_BASELINE;
  if (baseline) targets.push(await hostTarget('before (baseline build)', baseline));
  targets.push(await hostTarget('this build', 'dist/main/browser.js'));
  const peer = process.env.BENCH_PEER_DIR;
  if (peer) targets.push(await peerTarget(`peer (${path.basename(peer)})`, path.resolve(peer)));
  else console.error('  sign-in bench: BENCH_PEER_DIR not set, no peer measured');

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loads = new Map<Target, Load[]>(targets.map((t) => [t, []]));
  try {
    // The first load of each starts its server and fills the operating system's caches.
    for (const target of targets) await loadOnce(browser, target);
    for (let run = 0; run < RUNS; run++) {
      for (const target of targets) loads.get(target)!.push(await loadOnce(browser, target));
    }
  } finally {
    await browser.close();
    for (const target of targets) await target.stop();
  }
  return targets.map((target) => {
    const runs = loads.get(target)!;
    const kpi = runs.map((l) => l.kpiMs ?? Number.NaN);
    return {
      label: target.label,
      jsFiles: median(runs.map((l) => l.jsFiles)),
      jsWireKb: median(runs.map((l) => l.jsWireBytes)) / 1024,
      jsKb: median(runs.map((l) => l.jsBytes)) / 1024,
      buttonMs: median(runs.map((l) => l.buttonMs)),
      fcpMs: median(runs.map((l) => l.fcpMs)),
      ...(target.signIn ? { kpiMs: median(kpi) } : {}),
    };
  });
}

export async function measureSignInScreen(): Promise<BenchResult[]> {
  const figures = await measureSignInLoads();
  const ours = figures.find((f) => f.label === 'this build')!;
  const others = figures.filter((f) => f !== ours);
  const peer = figures.find((f) => f.label.startsWith('peer'));
  const beside = (pick: (f: SignInFigures) => string) =>
    others.map((f) => `${f.label}: ${pick(f)}`).join('; ');
  return [
    {
      name: 'sign-in: JS before the button is enabled (wire)',
      value: ours.jsWireKb,
      unit: 'KB',
      target: { max: SIGN_IN_BUDGET_KB },
      detail: [
        `${ours.jsKb.toFixed(0)} KB uncompressed`,
        beside((f) => `${f.jsWireKb.toFixed(0)} KB in ${f.jsFiles} files`),
      ]
        .filter(Boolean)
        .join('; '),
    },
    {
      name: 'sign-in: script files before the button is enabled',
      value: ours.jsFiles,
      unit: 'files',
      target: { max: SIGN_IN_BUDGET_FILES },
      detail: beside((f) => `${f.jsFiles}`),
    },
    {
      name: 'sign-in: first contentful paint',
      value: ours.fcpMs,
      unit: 'ms',
      detail: beside((f) => `${f.fcpMs.toFixed(0)} ms`),
    },
    {
      name: 'sign-in: button visible and enabled',
      value: ours.buttonMs,
      unit: 'ms',
      ...(peer ? { target: { max: Math.round(peer.buttonMs * PEER_RATIO_TARGET) } } : {}),
      detail: [
        beside((f) => `${f.buttonMs.toFixed(0)} ms`),
        peer ? `${(ours.buttonMs / peer.buttonMs).toFixed(2)} × the peer` : '',
      ]
        .filter(Boolean)
        .join('; '),
    },
    {
      name: 'sign-in click → first KPI value',
      value: ours.kpiMs ?? Number.NaN,
      unit: 'ms',
      detail: beside((f) => (f.kpiMs === undefined ? 'n/a' : `${f.kpiMs.toFixed(0)} ms`)),
    },
  ];
}

// `node --import tsx bench/renderer.ts` runs this benchmark alone (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureSignInLoads();
  console.log(`median of ${RUNS} cold loads`);
  console.log(
    ['build', 'JS files', 'JS wire KB', 'JS KB', 'FCP ms', 'button ms', 'click→KPI ms'].join(' | '),
  );
  for (const f of figures) {
    console.log(
      [
        f.label,
        f.jsFiles,
        f.jsWireKb.toFixed(1),
        f.jsKb.toFixed(0),
        f.fcpMs.toFixed(0),
        f.buttonMs.toFixed(0),
        f.kpiMs === undefined ? '—' : f.kpiMs.toFixed(0),
      ].join(' | '),
    );
  }
}
