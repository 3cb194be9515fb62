// Adds up what the test runners reported (their JSON reports in test-reports/) into one closing line,
// and names every failed test with the first line of its error and every skipped test with its reason
// (the end of a long CI log is often all that is kept).
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
for (const file of ['test-reports/vitest.json', 'test-reports/vitest-packaging.json']) {
  const report = read(file);
  if (!report) {
    missing.push(file);
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'pending' || test.status === 'skipped') console.log(`skipped: ${test.fullName}`);
      if (test.status === 'failed') {
        const file = suite.name?.replace(`${process.cwd()}/`, '') ?? '';
        console.log(`failed: ${file} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  }
}
for (const file of ['test-reports/e2e.json', 'test-reports/e2e-minutes.json']) {
  const e2e = read(file);
  if (!e2e) {
    missing.push(file);
    continue;
  }
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          console.log(`failed: ${spec.file} › ${spec.title} — ${firstLine(error)}`);
        }
        if (test.status !== 'skipped') continue;
        const why = (test.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
        console.log(`skipped: ${spec.title} — ${why}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites ?? []) walk(suite);
}
for (const file of missing) console.log(`missing report: ${file}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 ? 1 : 0);
