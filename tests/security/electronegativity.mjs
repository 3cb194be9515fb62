// Runs Doyensec's Electronegativity over the main-process and preload sources and fails on any
// finding above LOW. Its exit code is always 0, so the verdict comes from its SARIF output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const dir = mkdtempSync(path.join(tmpdir(), 'electronegativity-'));
let failed = 0;
let total = 0;
try {
  for (const input of ['main', 'preload']) {
    const sarif = path.join(dir, `${input}.sarif`);
    const run = spawnSync(
      'npx',
      ['electronegativity', '-i', input, '-o', sarif, '-r', '-e', electronVersion, '-v', 'false'],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) {
      console.error(run.stdout, run.stderr);
      throw new Error(`electronegativity exited with ${run.status}`);
    }
    const report = JSON.parse(readFileSync(sarif, 'utf8'));
    const rules = new Map();
    for (const r of report.runs?.[0]?.tool?.driver?.rules ?? []) rules.set(r.id, r);
    for (const result of report.runs?.[0]?.results ?? []) {
      total++;
      // Electronegativity writes its severity into the rule's properties and the result's level.
      const rule = rules.get(result.ruleId);
      const severity = String(result.properties?.severity ?? rule?.properties?.severity ?? result.level ?? '').toUpperCase();
      const where = result.locations?.[0]?.physicalLocation;
      const place = `${where?.artifactLocation?.uri ?? '?'}:${where?.region?.startLine ?? '?'}`;
      const high = !['LOW', 'INFORMATIONAL', 'NOTE', 'NONE', ''].includes(severity);
      if (high) failed++;
      console.log(`${high ? 'FAIL' : 'ok  '} ${severity.padEnd(13)} ${result.ruleId} ${place}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`electronegativity: ${total} findings, ${failed} above LOW`);
process.exit(failed > 0 ? 1 : 0);
