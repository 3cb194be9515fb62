/**
 * API fuzzing of every operation of the contract and the download routes (tests/support/fuzz.ts), with fixed
 * seeds and a few cases each, on PGlite only: the fuzzer tries inputs against the server's own parsing
 * and checks, which do not depend on the engine (the abuse suite and the group suites run on both);
 * `npm run bench` runs many more cases (bench/fuzz.ts). Every answer: no 5xx, the envelope declared for
 * its status, no stack trace, SQL text or file path, no polluted prototype, and a token endpoint refuses
 * a caller without a token with 401 before it reads any input.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../support/databases';
import { distinctFindings, fuzz, type FuzzFigures } from '../../../support/fuzz';
import { DESTRUCTIVE, fuzzOperations, knownIds } from '../../../support/fuzz-targets';
import { useServerSuite } from '../../../support/suite';

/** Cases per operation, and the seed: a failure here is replayed exactly by running the file again. */
const RUNS = 12;
const SEED = 25_2026;
const OPERATIONS = fuzzOperations();

describe.each(testDatabases.filter((d) => d.name === 'pglite'))('API fuzzing on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;
  const total: FuzzFigures = { operations: 0, cases: 0, byStatus: {}, findings: [] };

  afterAll(() => {
    console.info(
      `fuzzing on ${target.name}: ${total.operations} operations, ${total.cases} cases, ` +
        `${JSON.stringify(total.byStatus)}, ${total.findings.length} findings`,
    );
  });

  it.each(OPERATIONS.map((operation, index) => [operation.name, operation, index] as const))(
    '%s answers every generated input within its contract',
    { timeout: 300_000 },
    async (_name, operation, index) => {
      const figures = await fuzz({
        app: suite.app,
        token: f.platformAdmin.token,
        context: { ids: knownIds(f), organization: f.orgA, destructive: DESTRUCTIVE },
        operations: [operation],
        runs: RUNS,
        seed: SEED + index,
      });
      total.operations += figures.operations;
      total.cases += figures.cases;
      for (const [status, count] of Object.entries(figures.byStatus))
        total.byStatus[status] = (total.byStatus[status] ?? 0) + count;
      total.findings.push(...figures.findings);
      expect(figures.cases).toBe(RUNS);
      expect(distinctFindings(figures.findings)).toEqual([]);
    },
  );

  it('lists a reason for each operation kept from the valid arm, and each is an operation', () => {
    const names = new Set(OPERATIONS.map((o) => o.name));
    for (const [name, reason] of Object.entries(DESTRUCTIVE)) {
      expect(names).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
