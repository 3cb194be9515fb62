/**
 * The latency histogram against exact quantiles: whatever the values and however they are split into
 * minutes merged afterwards, every quantile is within 1 % of the exact value of the same rank.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RELATIVE_ACCURACY,
  fromArrays,
  merge,
  quantile,
  record,
  toArrays,
  type Histogram,
} from '../../../../server/monitoring/histogram';

const exact = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
const duration = fc.double({ min: 0.01, max: 120_000, noNaN: true, noDefaultInfinity: true });

describe('latency histogram', () => {
  it('answers every quantile within 1 % of the exact one, after merging any split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(duration, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (parts, q) => {
          // Each part is one minute of one instance, stored as arrays and merged the way SQL sums them.
          const merged: Histogram = new Map();
          for (const part of parts) {
            const minute: Histogram = new Map();
            for (const v of part) record(minute, v);
            const { buckets, counts } = toArrays(minute);
            merge(merged, fromArrays(buckets, counts));
          }
          const sorted = parts.flat().sort((a, b) => a - b);
          const want = exact(sorted, q);
          const got = quantile(merged, q)!;
          expect(Math.abs(got - want) / want).toBeLessThanOrEqual(RELATIVE_ACCURACY + 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('merges by summing counts: order and grouping do not matter', () => {
    fc.assert(
      fc.property(fc.array(duration, { maxLength: 100 }), fc.array(duration, { maxLength: 100 }), (a, b) => {
        const one: Histogram = new Map();
        const two: Histogram = new Map();
        const both: Histogram = new Map();
        a.forEach((v) => record(one, v));
        b.forEach((v) => record(two, v));
        [...b, ...a].forEach((v) => record(both, v));
        expect(toArrays(merge(new Map(two), one))).toEqual(toArrays(both));
      }),
    );
  });

  it('is empty without values and stores only buckets that hold requests', () => {
    expect(quantile(new Map(), 0.5)).toBeNull();
    const h: Histogram = new Map();
    record(h, 10);
    record(h, 10);
    record(h, 1000);
    expect(toArrays(h).counts).toEqual([2, 1]);
  });
});
