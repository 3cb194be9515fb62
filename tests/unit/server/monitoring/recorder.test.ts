import { describe, expect, it } from 'vitest';
import { MINUTE_MS, createRequestRecorder, type RequestSample } from '../../../../server/monitoring/recorder';

const sample = (at: number, over: Partial<RequestSample> = {}): RequestSample => ({
  at,
  route: '/auth/verify',
  method: 'POST',
  status: 200,
  durationMs: 3,
  organizationId: '',
  ...over,
});

describe('the request recorder', () => {
  it('counts a run of requests into their minute, and a new caller, route or minute into its own', () => {
    const recorder = createRequestRecorder();
    const start = 10 * MINUTE_MS;
    recorder.add(sample(start));
    recorder.add(sample(start + 1));
    recorder.add(sample(start + 2, { organizationId: 'org-a' }));
    recorder.add(sample(start + 3));
    recorder.add(sample(start + 4, { method: 'GET' }));
    recorder.add(sample(start + MINUTE_MS));
    const { cells } = recorder.drain();
    const count = (minute: number, method: string, organizationId: string) =>
      cells.find((c) => c.minute === minute && c.method === method && c.organizationId === organizationId)
        ?.requests;
    expect(cells).toHaveLength(4);
    expect(count(start, 'POST', '')).toBe(3);
    expect(count(start, 'POST', 'org-a')).toBe(1);
    expect(count(start, 'GET', '')).toBe(1);
    expect(count(start + MINUTE_MS, 'POST', '')).toBe(1);
  });

  it('never counts into a minute already drained: a late request of it starts a cell of its own', () => {
    const recorder = createRequestRecorder();
    const start = 10 * MINUTE_MS;
    recorder.add(sample(start));
    const first = recorder.drain(start + MINUTE_MS);
    expect(first.cells.map((c) => c.requests)).toEqual([1]);
    recorder.add(sample(start + 5));
    expect(first.cells[0]!.requests).toBe(1);
    expect(recorder.drain().cells.map((c) => c.requests)).toEqual([1]);
  });
});
