/**
 * Settings applied, not just stored (issue 13): each saved setting changes what the server does at once —
 * the session timeout (token lifetime, and older tokens past a shortened timeout), the password policy on
 * every password set or changed, maintenance mode (503 for everyone but super admins, the sign-in
 * included), the IP whitelist (403 from other addresses) and the console's own settings.
 */
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleSettings, LoginData, SettingsDocument, SystemSettings } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { SETTINGS_TEXTS } from '../../../../shared/settings';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, login, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

describe.each(testDatabases)('settings in force on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;

  const get = (url: string, token: string, remoteAddress = '127.0.0.1') =>
    call(suite.app, { method: 'GET', url, headers: bearer(token), remoteAddress });
  const verify = (token: string) =>
    call(suite.app, { method: 'POST', url: '/auth/verify', headers: bearer(token) });

  /**
   * Saves the current settings with one group changed, as the fixture's super admin from 127.0.0.1, with
   * a fresh token (the tests move the clock past session timeouts).
   */
  async function apply<G extends keyof SystemSettings>(group: G, change: Partial<SystemSettings[G]>) {
    const admin = await tokenFor(suite.database, clock, f.platformAdmin.id);
    const doc = (await get('/settings', admin)).body.data as SettingsDocument;
    const settings = { ...doc.settings, [group]: { ...doc.settings[group], ...change } };
    const saved = await call(suite.app, {
      method: 'PUT',
      url: '/settings',
      headers: bearer(admin),
      payload: { settings, version: doc.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  describe('session timeout', () => {
    afterEach(() => apply('security', { sessionTimeout: 480 }));

    it('is the lifetime of the tokens a sign-in issues', async () => {
      await apply('security', { sessionTimeout: 30 });
      const user = await insertUser(suite.database, 'app_owner');
      const signedIn = await login(suite.app, user.email, user.password);
      expect(signedIn.status).toBe(200);
      const { token } = signedIn.body.data as LoginData;
      const claims = decodeJwt(token);
      expect(claims.exp! - claims.iat!).toBe(30 * 60);

      clock.advance(29 * 60_000);
      expect((await verify(token)).status).toBe(200);
      clock.advance(2 * 60_000);
      const expired = await verify(token);
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe(ERRORS.sessionExpired);
    });

    it('shortened, ends sessions older than it at once', async () => {
      await apply('security', { sessionTimeout: 480 });
      const user = await insertUser(suite.database, 'app_owner');
      const token = await tokenFor(suite.database, clock, user.id);
      clock.advance(20 * 60_000);
      expect((await verify(token)).status).toBe(200);
      await apply('security', { sessionTimeout: 15 });
      const ended = await verify(token);
      expect(ended.status).toBe(401);
      expect(ended.body.error).toBe(ERRORS.sessionExpired);
      await apply('security', { sessionTimeout: 480 });
      expect((await verify(token)).status).toBe(200);
    });

    it('reaches every console through /settings/console, which needs no permission', async () => {
      const owner = await insertUser(suite.database, 'app_owner');
      const answer = await get('/settings/console', await tokenFor(suite.database, clock, owner.id));
      expect(answer.status).toBe(200);
      expect(answer.body.data as ConsoleSettings).toMatchObject({
        sessionTimeout: 480,
        platformName: 'Operations Console',
        maintenanceMode: false,
      });
    });
  });

  describe('password policy', () => {
    const register = (password: string) =>
      call(suite.app, {
        method: 'POST',
        url: '/auth/register',
        headers: bearer(f.platformAdmin.token),
        payload: {
          email: `p-${Math.random().toString(36).slice(2)}@test.example`,
          name: 'P',
          password,
          role: 'staff',
        },
      });

    it.each([
      ['basic', 'abcdefgh', 'abcdefg', 'it needs at least 8 characters.'],
      [
        'strong',
        'Abcdefghijk1',
        'abcdefgh',
        'it needs at least 12 characters, upper- and lower-case letters, a number.',
      ],
      ['strong', 'Abcdefghijk1', 'abcdefghijk1', 'it needs upper- and lower-case letters.'],
      ['strong', 'Abcdefghijk1', 'Abcdefghij1', 'it needs at least 12 characters.'],
      ['enterprise', 'Abcdefghijklmn1!', 'Abcdefghijklmno1', 'it needs a symbol.'],
      ['enterprise', 'Abcdefghijklmn1!', 'Abcdefghijk1!', 'it needs at least 16 characters.'],
    ] as const)('%s: accepts %s and refuses %s', async (policy, good, bad, why) => {
      await apply('security', { passwordPolicy: policy });
      expect((await register(good)).status).toBe(200);
      const refused = await register(bad);
      expect(refused.status).toBe(400);
      // Below 8 characters the request's own schema refuses first (every policy's floor).
      if (bad.length < 8) expect(refused.body.error).toContain('Password must be at least 8 characters');
      else
        expect(refused.body.error).toBe(`The password does not meet the ${policy} password policy: ${why}`);
    });

    it('holds for a password change too', async () => {
      await apply('security', { passwordPolicy: 'enterprise' });
      const user = await insertUser(suite.database, 'app_owner');
      const token = await tokenFor(suite.database, clock, user.id);
      const change = (newPassword: string) =>
        call(suite.app, {
          method: 'POST',
          url: '/auth/password',
          headers: bearer(token),
          payload: { currentPassword: user.password, newPassword },
        });
      const refused = await change('Anewpassword2026');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('enterprise password policy');
      expect((await change('A-new-Password-2026!')).status).toBe(200);
      await apply('security', { passwordPolicy: 'strong' });
    });
  });

  describe('maintenance mode', () => {
    it('answers 503 with its message to everyone but super admins, the sign-in included', async () => {
      const owner = await insertUser(suite.database, 'app_owner');
      const ownerToken = await tokenFor(suite.database, clock, owner.id);
      await apply('general', { maintenanceMode: true });

      const refused = await get('/system/health-summary', ownerToken);
      expect(refused.status).toBe(503);
      expect(refused.body.error).toBe(SETTINGS_TEXTS.maintenance);
      expect(refused.headers['retry-after']).toBe('300');
      const signIn = await login(suite.app, owner.email, owner.password);
      expect(signIn.status).toBe(503);
      expect(signIn.body.error).toBe(SETTINGS_TEXTS.maintenance);
      expect((await call(suite.app, { method: 'GET', url: '/auth/test' })).status).toBe(200);
      const consoleSettings = await get('/settings/console', ownerToken);
      expect((consoleSettings.body.data as ConsoleSettings).maintenanceMode).toBe(true);
      // A forged super admin claim is no pass.
      expect((await get('/system/health-summary', 'not.a-token')).status).toBe(503);

      const adminToken = await tokenFor(suite.database, clock, f.platformAdmin.id);
      expect((await get('/system/health-summary', adminToken)).status).toBe(200);
      const admin = await insertUser(suite.database, 'super_admin');
      expect((await login(suite.app, admin.email, admin.password)).status).toBe(200);

      await apply('general', { maintenanceMode: false });
      expect((await get('/system/health-summary', ownerToken)).status).toBe(200);
    });
  });

  describe('IP whitelist', () => {
    it('refuses requests from other addresses with a clear 403, the sign-in included', async () => {
      const owner = await insertUser(suite.database, 'app_owner');
      const ownerToken = await tokenFor(suite.database, clock, owner.id);
      await apply('security', { ipWhitelist: ['127.0.0.0/8', '2001:db8::/32'] });

      expect((await get('/system/health-summary', ownerToken, '127.0.0.9')).status).toBe(200);
      expect((await get('/system/health-summary', ownerToken, '::ffff:127.0.0.1')).status).toBe(200);
      expect((await get('/system/health-summary', ownerToken, '2001:db8::7')).status).toBe(200);
      const refused = await get('/system/health-summary', ownerToken, '198.51.100.7');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(formatError(SETTINGS_TEXTS.ipRefused, { ip: '198.51.100.7' }));
      const signIn = await login(suite.app, owner.email, owner.password, '198.51.100.7');
      expect(signIn.status).toBe(403);
      expect(
        (await call(suite.app, { method: 'GET', url: '/auth/test', remoteAddress: '198.51.100.7' })).status,
      ).toBe(200);

      await apply('security', { ipWhitelist: [] });
      expect((await get('/system/health-summary', ownerToken, '198.51.100.7')).status).toBe(200);
    });
  });

  describe('audit logging', () => {
    it('off, governs the other records while security events and the switch itself are still recorded', async () => {
      const records = async () => (await auditRows(suite.database)).length;
      await apply('security', { auditLogging: false });
      const [switched] = (await auditRows(suite.database)).sort((a, b) => b.seq - a.seq);
      expect(switched).toMatchObject({ resource: 'settings', status: 'success' });
      expect(switched?.details).toMatchObject({
        changes: [{ field: 'security.auditLogging', from: true, to: false }],
      });

      const owner = f.a.owner.token;
      const before = await records();
      const child = await call(suite.app, {
        method: 'POST',
        url: '/children',
        headers: { ...bearer(owner), 'x-organization-id': f.orgA },
        payload: { firstName: 'Quiet', lastName: 'Child', dateOfBirth: '2022-01-01' },
      });
      expect(child.status, JSON.stringify(child.body)).toBe(200);
      expect(await records()).toBe(before);

      const admin = await tokenFor(suite.database, clock, f.platformAdmin.id);
      const role = await call(suite.app, {
        method: 'POST',
        url: '/roles',
        headers: bearer(admin),
        payload: { name: `Recorded ${Date.now()}` },
      });
      expect(role.status).toBe(200);
      expect(await records()).toBe(before + 1);

      await apply('security', { auditLogging: true });
      const again = await records();
      await call(suite.app, {
        method: 'POST',
        url: '/children',
        headers: { ...bearer(owner), 'x-organization-id': f.orgA },
        payload: { firstName: 'Loud', lastName: 'Child', dateOfBirth: '2022-01-01' },
      });
      expect(await records()).toBe(again + 1);
    });
  });

  describe('debug mode, compression and caching', () => {
    it('debug mode sets the server log level', async () => {
      const base = suite.app.log.level;
      await apply('general', { debugMode: true });
      expect(suite.app.log.level).toBe('debug');
      await apply('general', { debugMode: false });
      expect(suite.app.log.level).toBe(base);
    });

    it('compression answers gzip while on and plain while off', async () => {
      const admin = await tokenFor(suite.database, clock, f.platformAdmin.id);
      const permissions = () =>
        suite.app.inject({
          method: 'GET',
          url: '/permissions',
          headers: { ...bearer(admin), 'accept-encoding': 'gzip' },
        });
      const compressed = await permissions();
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('gzip');
      await apply('performance', { compressionEnabled: false });
      const plain = await permissions();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json<{ success: boolean }>().success).toBe(true);
      await apply('performance', { compressionEnabled: true });
    });

    it('caching keeps a figure for the cache timeout, per caller, emptied by a change and by nothing else', async () => {
      await apply('performance', { cachingEnabled: true, cacheTimeout: 60 });
      const admin = await tokenFor(suite.database, clock, f.platformAdmin.id);
      const score = () => suite.app.inject({ method: 'GET', url: '/cost/score', headers: bearer(admin) });
      const first = await score();
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-cache']).toBeUndefined();
      const second = await score();
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.json()).toEqual(first.json());
      clock.advance(61_000);
      expect((await score()).headers['x-cache']).toBeUndefined();
      expect((await score()).headers['x-cache']).toBe('hit');
      // The console's session check (a POST every minute) changes nothing: the figure stays kept.
      expect((await verify(admin)).status).toBe(200);
      expect((await score()).headers['x-cache']).toBe('hit');
      // A change (here, a settings save) empties the cache; off, nothing is kept.
      await apply('performance', { cachingEnabled: false });
      expect((await score()).headers['x-cache']).toBeUndefined();
      expect((await score()).headers['x-cache']).toBeUndefined();
      await apply('performance', { cachingEnabled: true, cacheTimeout: 300 });
    });
  });
});
