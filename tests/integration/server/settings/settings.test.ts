/**
 * System settings (part 2 §2, §3, §5): read and saved behind settings.read / settings.update, versioned
 * (a save over a newer version is refused), validated with our bounds and the spec's line rule for the IP
 * whitelist, audited with the fields changed and secrets masked, and in force at once on every instance
 * (a second app on the same database sees a save through LISTEN/NOTIFY).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SETTINGS,
  type SettingsDocument,
  type SystemSettings,
  type SystemSettingsInput,
} from '../../../../shared/api';
import { formatError } from '../../../../shared/errors';
import { SETTINGS_TEXTS } from '../../../../shared/settings';
import { systemSettingsVersions } from '../../../../server/db/schema';
import { createSecretBox, generateSecretKey } from '../../../../server/security/secret-box';
import { loadSettings, SETTINGS_CHANNEL } from '../../../../server/settings/store';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser, TEST_SECRET_KEY, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

describe.each(testDatabases)('system settings on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;
  const others: FastifyInstance[] = [];
  /** The newest audit records, in chain order (the test clock stands still). */
  const latestAudit = async () => (await auditRows(suite.database)).sort((a, b) => b.seq - a.seq);
  afterAll(async () => {
    for (const app of others) await app.close();
  });

  const read = async (token = f.platformAdmin.token, app = suite.app) => {
    const response = await call(app, { method: 'GET', url: '/settings', headers: bearer(token) });
    return { ...response, doc: response.body.data as SettingsDocument };
  };
  const save = (
    body: { settings: SystemSettingsInput; version: number; smtpPassword?: string },
    options: { token?: string; remoteAddress?: string } = {},
  ) =>
    call(suite.app, {
      method: 'PUT',
      url: '/settings',
      headers: bearer(options.token ?? f.platformAdmin.token),
      payload: body,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
    });
  /** The current settings with one group changed, saved over the current version. */
  async function saveChange<G extends keyof SystemSettings>(
    group: G,
    change: Partial<SystemSettingsInput[G]>,
    extra: { smtpPassword?: string; remoteAddress?: string } = {},
  ) {
    const { doc } = await read();
    const settings = { ...doc.settings, [group]: { ...doc.settings[group], ...change } };
    return save(
      {
        settings,
        version: doc.version,
        ...(extra.smtpPassword === undefined ? {} : { smtpPassword: extra.smtpPassword }),
      },
      { remoteAddress: extra.remoteAddress },
    );
  }

  it('answers the defaults as version 1 before any save', async () => {
    const { status, doc } = await read();
    expect(status).toBe(200);
    expect(doc).toEqual({
      settings: DEFAULT_SETTINGS,
      version: 1,
      updatedAt: null,
      updatedBy: null,
      smtpPasswordSet: false,
    });
    expect(doc.settings.security.sessionTimeout).toBe(480);
    expect(doc.settings.performance).toMatchObject({ cacheTimeout: 300, maxRequestsPerMinute: 1000 });
  });

  it('needs settings.read to read and settings.update to save', async () => {
    const owner = await insertUser(suite.database, 'app_owner');
    const token = await tokenFor(suite.database, suite.clock, owner.id);
    expect((await read(token)).status).toBe(403);
    const { doc } = await read();
    const refused = await save({ settings: doc.settings, version: doc.version }, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You do not have the permission settings.update');
  });

  it('saves a new version, audits the fields changed with secrets masked, and keeps the SMTP password unanswered', async () => {
    const before = await read();
    const saved = await saveChange(
      'integrations',
      { slackWebhook: 'https://hooks.example.com/services/T000/B000/SECRETPART', emailProvider: 'mailgun' },
      { smtpPassword: 'smtp-pass-1234' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const doc = saved.body.data as SettingsDocument;
    expect(doc.version).toBe(before.doc.version + 1);
    expect(doc.smtpPasswordSet).toBe(true);
    expect(doc.updatedBy).toEqual(expect.any(String));
    expect(JSON.stringify(doc)).not.toContain('smtp-pass-1234');
    expect((await read()).doc).toEqual(doc);

    const [record] = (await latestAudit()).filter((r) => r.resource === 'settings');
    expect(record).toMatchObject({
      action: 'UPDATE',
      status: 'success',
      severity: 'high',
      resourceId: String(doc.version),
    });
    expect(record?.details).toEqual({
      version: doc.version,
      changes: [
        { field: 'integrations.slackWebhook', from: '', to: '********' },
        { field: 'integrations.emailProvider', from: 'ses', to: 'mailgun' },
        { field: 'integrations.smtp.password', from: '', to: '********' },
      ],
    });
    expect(JSON.stringify(record)).not.toContain('SECRETPART');
    expect(JSON.stringify(record)).not.toContain('smtp-pass-1234');
    // Stored sealed with the server's secret box, never in clear.
    const [stored] = await suite.database.db
      .select({ password: systemSettingsVersions.smtpPassword })
      .from(systemSettingsVersions)
      .where(eq(systemSettingsVersions.version, doc.version));
    expect(stored?.password).toMatch(/^v1\./);
    expect(stored?.password).not.toContain('smtp-pass-1234');
    const settingsState = await loadSettings(suite.database.db, createSecretBox(TEST_SECRET_KEY));
    expect(settingsState.smtpPassword).toBe('smtp-pass-1234');
    // A server holding another key (a database restored elsewhere) does not fail: the password is unset.
    const elsewhere = await loadSettings(suite.database.db, createSecretBox(generateSecretKey()));
    expect(elsewhere).toMatchObject({ version: doc.version, smtpPassword: null });

    // Left out, the password stays; empty, it is removed.
    expect(
      ((await saveChange('integrations', { emailProvider: 'ses' })).body.data as SettingsDocument)
        .smtpPasswordSet,
    ).toBe(true);
    const cleared = await saveChange('integrations', {}, { smtpPassword: '' });
    expect((cleared.body.data as SettingsDocument).smtpPasswordSet).toBe(false);
    const rows = await suite.database.db.select().from(systemSettingsVersions);
    expect(rows.map((r) => r.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rows.length }, (_, i) => i + 2),
    );
  });

  it('refuses a save over a version someone else saved meanwhile (409), and records the refusal', async () => {
    const { doc } = await read();
    expect((await save({ settings: doc.settings, version: doc.version })).status).toBe(200);
    const stale = await save({ settings: doc.settings, version: doc.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(SETTINGS_TEXTS.conflict);
    const [last] = await latestAudit();
    expect(last).toMatchObject({ resource: 'settings', status: 'failure', severity: 'critical' });
  });

  it.each([
    [
      'security',
      { sessionTimeout: 2.5 },
      'security.sessionTimeout: Session timeout must be a whole number of minutes',
    ],
    [
      'security',
      { sessionTimeout: 4 },
      'security.sessionTimeout: Session timeout must be between 5 and 1440 minutes',
    ],
    ['security', { sessionTimeout: 1441 }, 'Session timeout must be between 5 and 1440 minutes'],
    [
      'performance',
      { cacheTimeout: 9 },
      'performance.cacheTimeout: Cache timeout must be between 10 and 86400 seconds',
    ],
    [
      'performance',
      { maxRequestsPerMinute: 100_001 },
      'Max requests per minute must be between 60 and 100000 requests',
    ],
    [
      'performance',
      { maxRequestsPerMinute: '1000' },
      'performance.maxRequestsPerMinute: Max requests per minute must be a number',
    ],
    [
      'integrations',
      { slackWebhook: 'not a url' },
      'integrations.slackWebhook: Chat webhook URL must be an http(s) URL',
    ],
    ['integrations', { slackWebhook: 'ftp://example.com/hook' }, 'Chat webhook URL must be an http(s) URL'],
    ['general', { timezone: 'Europe/Paris' }, 'general.timezone'],
    ['general', { platformName: '  ' }, 'Platform name is required'],
    ['notifications', { quietHoursStart: '25:00' }, 'Use a 24-hour time such as 22:00'],
    [
      'security',
      { ipWhitelist: ['10.0.0.0/8', '', '127.0.0.1/33'] },
      'security.ipWhitelist: Line 3 is not a CIDR range (like 203.0.113.0/24 or 2001:db8::/32): 127.0.0.1/33',
    ],
    ['security', { ipWhitelist: ['not-an-ip'] }, 'Line 1 is not a CIDR range'],
  ] as const)('refuses %s %j with a clear message', async (group, change, message) => {
    const refused = await saveChange(group, change as never);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(message);
  });

  it('drops blank whitelist lines and refuses a list that would lock out the admin saving it', async () => {
    const kept = await saveChange('security', {
      ipWhitelist: ['', '127.0.0.0/8', '  ', '2001:db8::/32', ''],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((kept.body.data as SettingsDocument).settings.security.ipWhitelist).toEqual([
      '127.0.0.0/8',
      '2001:db8::/32',
    ]);

    const lockout = await saveChange(
      'security',
      { ipWhitelist: ['10.0.0.0/8'] },
      { remoteAddress: '127.0.0.1' },
    );
    expect(lockout.status).toBe(400);
    expect(lockout.body.error).toBe(formatError(SETTINGS_TEXTS.lockout, { ip: '127.0.0.1' }));
    expect((await saveChange('security', { ipWhitelist: [] })).status).toBe(200);
  });

  it('is in force at once on another instance of the same database', async () => {
    const second = await buildTestApp(suite.database, suite.clock);
    others.push(second);
    expect((await read(f.platformAdmin.token, second)).doc.settings.general.platformName).toBe(
      (await read()).doc.settings.general.platformName,
    );
    const saved = await saveChange('general', { platformName: 'Sunrise Operations' });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await read(f.platformAdmin.token, second)).doc.settings.general.platformName)
      .toBe('Sunrise Operations');
  });

  it.runIf(target.name === 'postgres')(
    'a save made while the LISTEN connection is lost still reaches the other instance',
    async () => {
      const second = await buildTestApp(suite.database, suite.clock);
      others.push(second);
      const { driver } = suite.database;
      if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
      const admin = new pg.Client({ connectionString: driver.url });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = $1`,
          [`listen "${SETTINGS_CHANNEL}"`],
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(second.settings.listening).toBe(false), { timeout: 5_000 });
      // The per-request hooks' sync read gives nothing now: they wait for `current`, which reads the database.
      expect(second.settings.peek()).toBeUndefined();
      // Saved on the first instance while no announcement can reach the second: it reads the database.
      expect((await saveChange('general', { platformName: 'Heard Without Listen' })).status).toBe(200);
      await expect
        .poll(async () => (await read(f.platformAdmin.token, second)).doc.settings.general.platformName)
        .toBe('Heard Without Listen');
      // LISTEN comes back after its delay, and announcements are heard again.
      await vi.waitFor(() => expect(second.settings.listening).toBe(true), { timeout: 10_000 });
      expect(second.settings.peek()).toBeDefined();
      expect((await saveChange('general', { platformName: 'Heard Again' })).status).toBe(200);
      await expect
        .poll(async () => (await read(f.platformAdmin.token, second)).doc.settings.general.platformName)
        .toBe('Heard Again');
    },
  );
});
