/**
 * The server is a list of endpoint-group modules (issue 26): every group of the contract has one, and a
 * test app can be built with only the modules its suite needs.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api';
import { authModule } from '../../../server/auth/module';
import { SERVER_MODULES } from '../../../server/modules';
import { testDatabases } from '../../support/databases';
import { buildTestApp, call } from '../../support/server';
import { useServerSuite } from '../../support/suite';

describe('the server modules', () => {
  it('one module per endpoint group of the contract', () => {
    const groups = new Set(Object.keys(ENDPOINTS).map((name) => name.split('.')[0]));
    expect(SERVER_MODULES.map((module) => module.name).sort()).toEqual([...groups].sort());
  });
});

describe.each(testDatabases.slice(0, 1))('an app of some modules on $name', (target) => {
  const suite = useServerSuite(target, { app: false });

  it('serves only the routes of the modules it was built with', async () => {
    const app = await buildTestApp(suite.database, suite.clock, {}, [authModule]);
    try {
      expect((await call(app, { method: 'GET', url: '/auth/test' })).status).toBe(200);
      expect((await call(app, { method: 'GET', url: '/audit-logs' })).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
