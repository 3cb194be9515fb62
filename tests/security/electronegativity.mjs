// Runs Doyensec's Electronegativity over the main-process and preload sources (one input, so its
// global checks see the whole main process) and fails on any finding above LOW.
// Its exit code is always 0, so the verdict comes from its reports: the SARIF output says whether a
// finding is definite ('warning') or asks for manual review ('note'); the CSV output carries the
// severity, which the SARIF output leaves out. A manual-review finding above LOW passes only when
// electronegativity-reviewed.json records the review; a definite one never passes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const reviewed = JSON.parse(readFileSync('tests/security/electronegativity-reviewed.json', 'utf8'));
const work = mkdtempSync(path.join(tmpdir(), 'electronegativity-'));
const input = path.join(work, 'app');

function scan(output) {
  const run = spawnSync(
    'npx',
    ['electronegativity', '-i', input, '-o', output, '-r', '-e', electronVersion, '-v', 'false'],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0)
    throw new Error(`electronegativity exited with ${run.status}\n${run.stdout}\n${run.stderr}`);
}

/**
 * Severity by `rule file`, from the CSV report (quoted cells, no commas inside the first five). Not by
 * line: the global checks do not always report the same line from one run to the next.
 */
function severities(csvFile) {
  const bySite = new Map();
  for (const line of readFileSync(csvFile, 'utf8').split(/\r?\n/).slice(1)) {
    const cells = line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    if (cells.length < 5) continue;
    const [rule, severity, , file] = cells;
    bySite.set(`${rule} ${file}`, severity);
  }
  return bySite;
}

let failed = 0;
let total = 0;
const used = new Set();
try {
  cpSync('main', path.join(input, 'main'), { recursive: true });
  cpSync('preload', path.join(input, 'preload'), { recursive: true });
  scan(path.join(work, 'report.sarif'));
  const report = JSON.parse(readFileSync(path.join(work, 'report.sarif'), 'utf8'));
  const results = report.runs?.[0]?.results ?? [];
  // The global checks now and then drop out of a run: scan again until every SARIF finding has its severity.
  const severity = new Map();
  for (let attempt = 0; attempt < 4; attempt++) {
    scan(path.join(work, 'report.csv'));
    for (const [site, level] of severities(path.join(work, 'report.csv'))) severity.set(site, level);
    if (
      results.every((r) =>
        severity.has(`${r.ruleId} ${r.locations?.[0]?.physicalLocation?.artifactLocation?.uri}`),
      )
    )
      break;
  }
  for (const result of results) {
    total++;
    const where = result.locations?.[0]?.physicalLocation;
    const file = where?.artifactLocation?.uri ?? '?';
    const line = where?.region?.startLine ?? '?';
    const level = severity.get(`${result.ruleId} ${file}`) ?? 'UNKNOWN';
    const review = reviewed.find((r) => r.rule === result.ruleId && r.file === file);
    let verdict = 'ok';
    if (!['LOW', 'INFORMATIONAL'].includes(level)) {
      if (result.level === 'note' && review) {
        verdict = 'reviewed';
        used.add(review);
      } else {
        verdict = 'FAIL';
        failed++;
      }
    }
    console.log(
      `${verdict.padEnd(8)} ${level.padEnd(8)} ${result.level.padEnd(7)} ${result.ruleId} ${file}:${line}`,
    );
    if (verdict === 'reviewed') console.log(`         review: ${review.reason}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const stale of reviewed.filter((r) => !used.has(r))) {
  console.log(`FAIL     stale review entry (no such finding any more): ${stale.rule} ${stale.file}`);
  failed++;
}
console.log(
  `electronegativity: ${total} findings, ${failed} failing (above LOW and not a recorded manual review)`,
);
process.exit(failed > 0 ? 1 : 0);
