/**
 * A mergeable latency histogram: the DDSketch logarithmic mapping with 1 % relative accuracy. A value v > 0
 * falls in bucket ceil(log_γ v), γ = (1 + α) / (1 − α); every value of bucket i lies in (γ^(i−1), γ^i], and
 * the bucket's representative 2γ^i / (γ + 1) is within α of each of them. Buckets are plain counts, so
 * merging minutes, routes or instances is summing counts per index — in SQL as well as here.
 *
 * Hand-rolled rather than @datadog/sketches-js: its sketches serialise to protobuf and merge in JavaScript,
 * while ours must be stored as (index, count) pairs that the database sums. The mapping is the same.
 */

export const RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);
/** Durations under 1 µs (in ms) share one bucket: no request is timed that finely. */
const MIN_VALUE_MS = 0.001;

export const bucketOf = (valueMs: number): number =>
  Math.ceil(Math.log(Math.max(valueMs, MIN_VALUE_MS)) / LOG_GAMMA);

export const bucketValue = (index: number): number => (2 * Math.pow(GAMMA, index)) / (GAMMA + 1);

/** Bucket index → count. */
export type Histogram = Map<number, number>;

export function record(histogram: Histogram, valueMs: number, count = 1): void {
  const index = bucketOf(valueMs);
  histogram.set(index, (histogram.get(index) ?? 0) + count);
}

export function merge(into: Histogram, other: Iterable<readonly [number, number]>): Histogram {
  for (const [index, count] of other) into.set(index, (into.get(index) ?? 0) + count);
  return into;
}

/** The stored form: parallel, index-sorted arrays (sparse: only buckets that hold requests). */
export function toArrays(histogram: Histogram): { buckets: number[]; counts: number[] } {
  const buckets = [...histogram.keys()].sort((a, b) => a - b);
  return { buckets, counts: buckets.map((b) => histogram.get(b) ?? 0) };
}

export function fromArrays(buckets: readonly number[], counts: readonly number[]): Histogram {
  const histogram: Histogram = new Map();
  buckets.forEach((b, i) => histogram.set(b, (histogram.get(b) ?? 0) + (counts[i] ?? 0)));
  return histogram;
}

/**
 * The q-quantile (0..1) by DDSketch's rank rule: the bucket holding the value of rank ⌊q·(n−1)⌋ (0-based),
 * whose representative is within 1 % of that exact value. null when empty.
 */
export function quantile(histogram: Histogram, q: number): number | null {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (total === 0) return null;
  const rank = Math.floor(Math.min(Math.max(q, 0), 1) * (total - 1));
  let seen = 0;
  for (const index of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(index) ?? 0;
    if (seen > rank) return bucketValue(index);
  }
  return null;
}
