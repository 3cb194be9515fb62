/**
 * An app built without a data folder (as the server suites build theirs) keeps its backups and backup key
 * in a temporary folder of its own, which goes when the app closes: runs of the suite leave nothing in /tmp.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupOverview } from '../../../../shared/api/backups';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, createClock, tokenFor } from '../../../support/server';
import { createTenantFixture } from '../../../support/tenancy';

describe.each(testDatabases)('an app without a data folder on $name', (target) => {
  it('backs up into a temporary folder that is removed when the app closes', async () => {
    const database = await target.open();
    try {
      const clock = createClock();
      const app = await buildTestApp(database, clock);
      const f = await createTenantFixture(database, clock);
      const token = await tokenFor(database, clock, f.platformAdmin.id);
      const res = await call(app, { method: 'GET', url: '/backups', headers: bearer(token) });
      expect(res.status).toBe(200);
      const folder = path.dirname((res.body.data as BackupOverview).locations[0]!.path);
      expect(path.basename(folder)).toMatch(/^console-data-/);
      expect(existsSync(folder)).toBe(true);
      await app.close();
      expect(existsSync(folder)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
