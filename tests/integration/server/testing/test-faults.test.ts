/**
 * The test builds' fault switch (server/testing/faults.ts): absent unless the server is started with it
 * (the route answers 404 and no request is delayed), and, when present, a delay on every request that
 * the request signals record, until it is turned off again.
 */
import { TEST_SECRET_KEY, TEST_SHEDDING } from '../../../support/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app';
import type { Database } from '../../../../server/db/client';
import { createLogger } from '../../../../server/logger';
import { createRequestRecorder, type RequestRecorder } from '../../../../server/monitoring/recorder';
import { TEST_FAULTS_PATH } from '../../../../server/testing/faults';
import { testDatabases } from '../../../support/databases';

const DELAY_MS = 300;

const durationsOf = (recorder: RequestRecorder, route: string) =>
  recorder
    .drain()
    .cells.filter((c) => c.route === route)
    .map((c) => c.durationSumMs / c.requests);

describe.each(testDatabases)('the fault switch on $name', (target) => {
  let database: Database;
  let plain: FastifyInstance;
  let faulty: FastifyInstance;
  const recorder = createRequestRecorder();

  beforeAll(async () => {
    database = await target.open();
    const logger = createLogger({ level: 'silent' });
    plain = await buildApp({ database, logger, secretKey: TEST_SECRET_KEY });
    faulty = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database,
      logger,
      requestRecorder: recorder,
      config: { testFaults: { evaluationIntervalMs: 5_000 }, shedding: TEST_SHEDDING },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await faulty?.close();
    await database?.close();
  });

  it('does not exist in a server started without it', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await plain.inject({ method, url: TEST_FAULTS_PATH, payload: { delayMs: 1000 } });
      expect(response.statusCode).toBe(404);
    }
    const spec = (await plain.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).not.toContain(TEST_FAULTS_PATH);
  });

  it('delays every request while it is on, and refuses a bad delay', async () => {
    expect((await faulty.inject({ url: TEST_FAULTS_PATH })).json()).toEqual({ delayMs: 0 });
    const bad = await faulty.inject({ method: 'PUT', url: TEST_FAULTS_PATH, payload: { delayMs: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'delayMs must be a whole number of milliseconds, 0 to 10000' });

    const on = await faulty.inject({ method: 'PUT', url: TEST_FAULTS_PATH, payload: { delayMs: DELAY_MS } });
    expect(on.json()).toEqual({ delayMs: DELAY_MS });
    recorder.drain();
    expect((await faulty.inject({ url: '/auth/test' })).statusCode).toBe(200);
    const slow = durationsOf(recorder, '/auth/test');
    expect(slow).toHaveLength(1);
    // The delay is a lower bound of what the signals record (timers may fire a millisecond early).
    expect(slow[0]).toBeGreaterThanOrEqual(DELAY_MS - 5);

    const off = await faulty.inject({ method: 'PUT', url: TEST_FAULTS_PATH, payload: { delayMs: 0 } });
    expect(off.json()).toEqual({ delayMs: 0 });
    expect((await faulty.inject({ url: TEST_FAULTS_PATH })).json()).toEqual({ delayMs: 0 });
  });
});
