/**
 * `npm run bench`: the performance targets of the console, measured on this machine.
 * Prints a table and writes bench/results/latest.json. Never part of `npm test`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { measureAuditTrail } from './audit';
import { measureBackups } from './backups';
import { measureAlertFanOut } from './alerts';
import { measureAlerting } from './alerting';
import { measureAuthThroughput } from './auth';
import { measureBusinessFigures } from './business';
import { measureClusterThroughput } from './cluster-throughput';
import { measureDatabaseFirstStart } from './database';
import { measureFailover } from './failover';
import { measureFirstLaunch } from './first-launch';
import { measureFuzzing } from './fuzz';
import { measureIntegrations } from './integrations';
import { measureJobRunner } from './jobs';
import { measureKillLoop } from './kill-loop';
import { measureMonitoring } from './monitoring';
import { measureOverload } from './overload';
import { measureReports } from './reports';
import { measureSignInScreen } from './renderer';
import { measureRetention } from './retention';
import { measureRateLimitOverhead } from './settings';
import { measureLoginInteractive } from './startup';
import { measureTableScroll } from './table';
import { measureTwoFactorSignIn } from './two-factor';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: { max?: number; min?: number };
  detail?: string;
}

function verdict(r: BenchResult): string {
  if (!r.target) return '';
  const ok =
    (r.target.max === undefined || r.value <= r.target.max) &&
    (r.target.min === undefined || r.value >= r.target.min);
  const bound = r.target.max !== undefined ? `≤ ${r.target.max}` : `≥ ${r.target.min}`;
  return `${ok ? 'meets' : 'MISSES'} target ${bound}`;
}

const results: BenchResult[] = [];
const ALL = [
  measureSignInScreen,
  measureDatabaseFirstStart,
  measureLoginInteractive,
  measureFirstLaunch,
  measureAuthThroughput,
  measureAuditTrail,
  measureAlertFanOut,
  measureBusinessFigures,
  measureJobRunner,
  measureTableScroll,
  measureRateLimitOverhead,
  measureMonitoring,
  measureRetention,
  measureIntegrations,
  measureReports,
  measureAlerting,
  measureTwoFactorSignIn,
  measureBackups,
  measureFuzzing,
  measureOverload,
  measureFailover,
  measureClusterThroughput,
  measureKillLoop,
];
/** `measureFirstLaunch` → `first-launch`: `npm run bench -- first-launch overload` runs only those. */
const nameOf = (measure: (typeof ALL)[number]) =>
  measure.name
    .replace(/^measure/, '')
    .replace(/[A-Z]/g, (c, i: number) => `${i > 0 ? '-' : ''}${c.toLowerCase()}`);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !ALL.some((measure) => nameOf(measure) === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; benchmarks: ${ALL.map(nameOf).join(', ')}`);
  process.exit(2);
}
for (const measure of wanted.length > 0 ? ALL.filter((m) => wanted.includes(nameOf(m))) : ALL) {
  const batch = await measure();
  results.push(...batch);
  for (const r of batch) console.error(`  measured ${r.name}`);
}

const rows = results.map((r) => [
  r.name,
  `${r.value.toFixed(r.value < 10 ? 2 : 0)} ${r.unit}`,
  verdict(r),
  r.detail ?? '',
]);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), 6));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(['benchmark', 'value', 'target', 'detail']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));

await mkdir('bench/results', { recursive: true });
const report = { date: new Date().toISOString(), node: process.version, results };
// A run of some benchmarks does not replace the last full report.
const file = wanted.length > 0 ? 'bench/results/partial.json' : 'bench/results/latest.json';
await writeFile(file, JSON.stringify(report, null, 2));
console.log(`\nwritten ${file}`);
