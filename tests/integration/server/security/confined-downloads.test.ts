/**
 * Issue 25 (5): an organization-scoped API key is confined on the download routes as on the others: it
 * downloads its organization's exports, and nothing of another organization or of the platform (reports,
 * backups, platform-wide exports).
 */
import { describe, expect, it } from 'vitest';
import { INTEGRATION_TEXTS } from '../../../../shared/integrations';
import { testDatabases } from '../../../support/databases';
import { bearer, call, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('downloads with an organization-scoped API key on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  const admin = () => tokenFor(suite.database, clock, f.platformAdmin.id);

  async function exportOf(org?: string, type = 'alerts'): Promise<string> {
    const started = await call(suite.app, {
      method: 'POST',
      url: '/export',
      headers: { ...bearer(await admin()), ...(org ? { 'x-organization-id': org } : {}) },
      payload: { type, format: 'json' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return (started.body.data as { downloadUrl: string }).downloadUrl;
  }
  const download = (url: string, key: string) =>
    suite.app.inject({ method: 'GET', url, headers: bearer(key) });

  it('reaches its own organization’s exports only', async () => {
    const issued = await call(suite.app, {
      method: 'POST',
      url: '/api-keys',
      headers: bearer(await admin()),
      payload: {
        name: 'Org A exports',
        scopes: [
          'alerts.read',
          'centers.view_all',
          'users.manage',
          'reports.view_financial',
          'backups.manage',
        ],
        organizationId: f.orgA,
      },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { key } = issued.body.data as { key: string };

    const own = await download(await exportOf(f.orgA), key);
    expect(own.statusCode, own.body).toBe(200);

    const refused = [
      await download(await exportOf(f.orgB), key),
      await download(await exportOf(undefined, 'users'), key),
      await download('/reports/00000000-0000-4000-8000-000000000001/download', key),
      await download('/backups/points/00000000-0000-4000-8000-000000000001/download', key),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(403);
      expect(JSON.stringify(answer.json())).toContain(INTEGRATION_TEXTS.keyOutsideOrganization);
    }
  });
});
