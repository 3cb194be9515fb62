/**
 * API fuzzing of every operation of the contract and the download routes (tests/support/fuzz.ts), with fixed
 * seeds and a few cases each, on PGlite only: the fuzzer tries inputs against the server's own parsing
 * and checks, which do not depend on the engine (the abuse suite and the group suites run on both);
 * `npm run bench` runs many more cases (bench/fuzz.ts). Every answer: no 5xx, the envelope declared for
 * its status, no stack trace, SQL text or file path, no polluted prototype, and a token endpoint refuses
 * a caller without a token with 401 before it reads any input.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../support/databases';
import { distinctFindings, fuzz } from '../../../support/fuzz';
import { DESTRUCTIVE, fuzzOperations, knownIds } from '../../../support/fuzz-targets';
import { useServerSuite } from '../../../support/suite';

/** Cases per operation, and the seed: a failure here is replayed exactly by running the file again. */
const RUNS = 12;
const SEED = 25_2026;

describe.each(testDatabases.filter((d) => d.name === 'pglite'))('API fuzzing on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;

  it('answers every generated input within its contract', { timeout: 300_000 }, async () => {
    const operations = fuzzOperations();
    const figures = await fuzz({
      app: suite.app,
      token: f.platformAdmin.token,
      context: { ids: knownIds(f), organization: f.orgA, destructive: DESTRUCTIVE },
      operations,
      runs: RUNS,
      seed: SEED,
    });
    console.info(
      `fuzzing: ${figures.operations} operations, ${figures.cases} cases, ` +
        `${JSON.stringify(figures.byStatus)}, ${figures.findings.length} findings`,
    );
    expect(figures.operations).toBe(operations.length);
    expect(distinctFindings(figures.findings)).toEqual([]);
  });

  it('lists a reason for each operation kept from the valid arm, and each is an operation', () => {
    const names = new Set(fuzzOperations().map((o) => o.name));
    for (const [name, reason] of Object.entries(DESTRUCTIVE)) {
      expect(names).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
