/**
 * Requests that would wait without end are cut short and answered 503 + Retry-After in the caller's
 * envelope (issue 27): the route's handler timeout (both engines; on PGlite the only bound, since it
 * never fires statement_timeout) and PostgreSQL's statement_timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../../../shared/errors';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../../../server/config';
import { openDatabase, type Database } from '../../../../server/db/client';
import { SERVER_TEXTS } from '../../../../server/http/errors';
import { testDatabases } from '../../../support/databases';
import { holdAuditLogs } from '../../../support/hold-table';
import { bearer, buildTestApp, call, createClock, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const BUSY = formatError(SERVER_TEXTS.busy, { seconds: 5 });

describe.each(testDatabases)('timeouts on $name', (target) => {
  const suite = useServerSuite(target, { app: { http: { handlerTimeoutMs: 2_000 } } });

  it('a route past its handler timeout answers 503 + Retry-After, and the next one is served', async () => {
    const admin = await insertUser(suite.database, 'super_admin');
    const headers = bearer(await tokenFor(suite.database, suite.clock, admin.id));
    const release = await holdAuditLogs(suite.database);
    let answer;
    try {
      answer = await call(suite.app, { method: 'GET', url: '/audit-logs?limit=5', headers });
    } finally {
      await release();
    }
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({ success: false, error: BUSY });
    expect((await call(suite.app, { method: 'GET', url: '/audit-logs?limit=5', headers })).status).toBe(200);
  });
});

const postgres = testDatabases.find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('statement_timeout on postgres', () => {
  let direct: Database;
  let bounded: Database;
  const clock = createClock();

  beforeAll(async () => {
    if (!postgres) return;
    direct = await postgres.open();
    if (direct.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    bounded = await openDatabase({
      url: direct.driver.url,
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementTimeoutMs: 300 },
    });
  });
  afterAll(async () => {
    await bounded?.close();
    await direct?.close();
  });

  it('a statement the server cancels (waiting on a lock here) answers 503 + Retry-After, not 500', async () => {
    const app = await buildTestApp(bounded, clock);
    try {
      const admin = await insertUser(direct, 'super_admin');
      const headers = bearer(await tokenFor(direct, clock, admin.id));
      const release = await holdAuditLogs(direct);
      let answer;
      try {
        answer = await call(app, { method: 'GET', url: '/audit-logs?limit=5', headers });
      } finally {
        await release();
      }
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toEqual({ success: false, error: BUSY });
    } finally {
      await app.close();
    }
  });
});
