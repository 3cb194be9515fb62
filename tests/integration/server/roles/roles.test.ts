/**
 * The role model (part 2 §6): a permission matrix derived from the contract (every endpoint that declares
 * `permission`, called as a user of each system role), the role routes' rules and error texts, system
 * roles immutable, a custom role's new permission holding at its user's next call, one audit record per
 * change and failures recorded.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  buildPath,
  type Endpoint,
  type Role,
  type SettingsDocument,
  type BackupOverview,
} from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { PERMISSIONS, SYSTEM_ROLES, type SystemRoleId } from '../../../../shared/permissions';
import { integrations, memberships, rolePermissions, roles, users } from '../../../../server/db/schema';
import { DEMO_PASSWORD_HASHES } from '../../../../server/seed/demo-hashes';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertTwoFactor, insertUser, tokenFor, type Envelope } from '../../../support/server';
import { restoreEnded, restoreTestEnded } from '../../../support/backups';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';
import { SAMPLE_REPORT_INPUT, insertReport } from '../../../support/reports';

const GUARDED = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, e]) => e.permission);

const MATRIX_RULE = {
  name: 'Matrix rule',
  status: 'draft',
  severity: 'low',
  metric: 'cpu',
  condition: { operator: '>', threshold: 90, aggregation: 'avg', timeWindow: '5m' },
};

describe.each(testDatabases)('roles and permissions on $name', (target) => {
  // The matrix runs every guarded operation for real where the role holds it: a backup, a restore and a
  // restore test of a real recovery point, each answered at once and waited for after.
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  /** A token per system role, for a user who is also a viewer member of organization A. */
  const tokens = {} as Record<SystemRoleId, string>;
  const userIds = {} as Partial<Record<SystemRoleId, string>>;
  let admin: string;

  async function customRole(permissions: string[] = [], userCount = 0): Promise<string> {
    const id = randomUUID();
    await suite.database.db.insert(roles).values({ id, name: `Fixture ${id.slice(0, 8)}` });
    if (permissions.length) {
      await suite.database.db
        .insert(rolePermissions)
        .values(permissions.map((permissionId) => ({ roleId: id, permissionId })));
    }
    for (let i = 0; i < userCount; i++) await userWithRole(id);
    return id;
  }

  async function userWithRole(roleId: string): Promise<{ id: string; token: string }> {
    const id = randomUUID();
    await suite.database.db.insert(users).values({
      id,
      email: `custom-${id.slice(0, 8)}@test.example`,
      name: 'Custom role user',
      role: roleId,
      passwordHash: DEMO_PASSWORD_HASHES['admin@demo.example'],
    });
    return { id, token: await tokenFor(suite.database, clock, id) };
  }

  const as = (token: string, method: string, url: string, payload?: object) =>
    call(suite.app, {
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  /**
   * A stream endpoint (`stream: 'sse'`) never ends by itself: answer once the headers are there, with
   * the envelope of a refusal, and drop an accepted stream.
   */
  async function opened(token: string, url: string) {
    const response = await suite.app.inject({
      method: 'GET',
      url,
      headers: bearer(token),
      payloadAsStream: true,
    });
    const chunks: Buffer[] = [];
    if (response.statusCode < 300) {
      response.stream().destroy();
      return { status: response.statusCode, body: { success: true } as Envelope };
    }
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) as Envelope };
  }

  /** Runs a request and answers the audit records it added. */
  async function recorded(token: string, method: string, url: string, payload?: object) {
    const before = new Set((await auditRows(suite.database)).map((r) => r.id));
    const response = await as(token, method, url, payload);
    const rows = (await auditRows(suite.database)).filter((r) => !before.has(r.id));
    return { ...response, rows };
  }

  beforeAll(async () => {
    for (const role of SYSTEM_ROLES) {
      const user = await insertUser(suite.database, role.id);
      await suite.database.db
        .insert(memberships)
        .values({ organizationId: f.orgA, userId: user.id, role: 'viewer' });
      tokens[role.id] = await tokenFor(suite.database, clock, user.id);
      userIds[role.id] = user.id;
    }
    admin = tokens.super_admin;
  });

  /** A webhook integration whose URL (set behind the API's back) is refused at connect time at once. */
  async function freshIntegration(apiKey?: string): Promise<string> {
    const created = await as(admin, 'POST', '/integrations', {
      name: 'Matrix',
      url: 'https://93.184.215.14/x',
      events: ['user.created'],
      apiKey,
    });
    const { id } = (created.body.data as { integration: { id: string } }).integration;
    await suite.database.db
      .update(integrations)
      .set({ url: 'http://127.0.0.1:9/' })
      .where(eq(integrations.id, id));
    return id;
  }
  const backupOverview = async () => (await as(admin, 'GET', '/backups')).body.data as BackupOverview;
  const backupJobInput = async () => ({
    name: `Matrix ${randomUUID().slice(0, 8)}`,
    type: 'full',
    locationId: (await backupOverview()).locations[0]!.id,
    schedule: '0 2 * * *',
    retention: 30,
    compression: 'gzip',
    status: 'active',
  });
  /** A recovery point made through the API and waited for (only the super admin's call needs one). */
  const recoveryPoint = async () => {
    const { runId } = (await as(admin, 'POST', '/backups/runs', {})).body.data as { runId: string };
    for (;;) {
      const run = (await backupOverview()).history.find((h) => h.id === runId);
      if (run?.status === 'success') return runId;
      if (run && run.status !== 'running') throw new Error(`backup failed: ${run.errorMessage}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /** Minimal valid input for each guarded endpoint, on fresh rows so that order does not matter. */
  async function freshAlert(): Promise<string> {
    const event = await suite.app.alerting.raise({
      title: 'Matrix',
      description: '',
      severity: 'low',
      category: 'technical',
      source: 'test',
    });
    return event.alert.id;
  }
  async function freshRule(): Promise<string> {
    const created = await as(admin, 'POST', '/alert-rules', MATRIX_RULE);
    return (created.body.data as { id: string }).id;
  }

  async function sampleRequest(name: string, endpoint: Endpoint, role: SystemRoleId) {
    const params: Record<string, string> = {};
    let payload: object | undefined;
    switch (name) {
      case 'auth.register':
        payload = {
          email: `new-${randomUUID().slice(0, 8)}@test.example`,
          name: 'New',
          password: 'A-Long-Secret-2026!',
          role,
        };
        break;
      case 'roles.createRole':
        payload = { name: `Matrix ${randomUUID().slice(0, 8)}` };
        break;
      case 'roles.updateRole':
        params.id = await customRole();
        payload = { description: 'Changed' };
        break;
      case 'roles.deleteRole':
      case 'roles.testRole':
        params.id = await customRole();
        break;
      case 'roles.grantPermission':
        params.id = await customRole();
        payload = { permissionId: 'alerts.read' };
        break;
      case 'roles.revokePermission':
        params.id = await customRole(['alerts.read']);
        params.permissionId = 'alerts.read';
        break;
      case 'roles.assignUserRole':
        params.userId = (await insertUser(suite.database, role)).id;
        payload = { roleId: role };
        break;
      case 'roles.userPermissions':
        params.userId = f.outsider.id;
        break;
      case 'roles.centerAnalytics':
        params.id = f.orgA;
        break;
      case 'users.createUser':
        payload = { name: 'New', email: `added-${randomUUID().slice(0, 8)}@test.example`, role };
        break;
      case 'users.updateUser':
        params.userId = (await insertUser(suite.database, role)).id;
        payload = { name: 'Renamed' };
        break;
      case 'users.setUserStatus':
        params.userId = (await insertUser(suite.database, role)).id;
        payload = { status: 'suspended' };
        break;
      case 'users.resetUserPassword':
        params.userId = (await insertUser(suite.database, role)).id;
        break;
      case 'users.resetTwoFactor':
        params.userId = (await insertUser(suite.database, role)).id;
        await insertTwoFactor(suite.database, params.userId);
        break;
      case 'business.importCosts':
        payload = {
          csv: 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others\n2026-01-01,,1,0,0,0,0,0',
        };
        break;
      case 'business.setSpend':
        params.month = '2026-01';
        payload = { amount: 1000 };
        break;
      case 'settings.update': {
        const current = await as(admin, 'GET', '/settings');
        const { settings, version } = current.body.data as SettingsDocument;
        payload = { settings, version };
        break;
      }
      case 'settings.testEmail':
        payload = {};
        break;
      case 'monitoring.apiReport':
        payload = { range: '1h', format: 'csv' };
        break;
      case 'integrations.createIntegration':
        payload = { name: 'Matrix hook', url: 'https://93.184.215.14/hook', events: ['user.created'] };
        break;
      case 'integrations.deleteIntegration':
      case 'integrations.syncIntegration':
      case 'integrations.rotateSecret':
        params.id = await freshIntegration();
        break;
      case 'integrations.setIntegrationEnabled':
        params.id = await freshIntegration();
        payload = { enabled: false };
        break;
      case 'integrations.revealApiKey':
        params.id = await freshIntegration('sk_test_matrix');
        break;
      case 'integrations.replayDelivery': {
        const synced = await as(admin, 'POST', `/integrations/${await freshIntegration()}/sync`);
        params.id = (synced.body.data as { deliveryId: string }).deliveryId;
        break;
      }
      case 'integrations.generateApiKey':
        payload = { name: 'Matrix key', scopes: ['system.view_health'] };
        break;
      case 'integrations.regenerateApiKey':
      case 'integrations.revokeApiKey': {
        const created = await as(admin, 'POST', '/api-keys', {
          name: 'Matrix',
          scopes: ['system.view_health'],
        });
        params.id = (created.body.data as { apiKey: { id: string } }).apiKey.id;
        break;
      }
      case 'reports.createReport':
        payload = SAMPLE_REPORT_INPUT;
        break;
      case 'reports.updateReport':
        params.id = await insertReport(suite.database, userIds[role] ?? '');
        payload = SAMPLE_REPORT_INPUT;
        break;
      case 'reports.deleteReport':
      case 'reports.generateReport':
      case 'reports.reportData':
        params.id = await insertReport(suite.database, userIds[role] ?? '');
        break;
      case 'alerts.acknowledgeAlert':
        params.alertId = await freshAlert();
        payload = { comment: 'Seen' };
        break;
      case 'alerts.resolveAlert':
      case 'alerts.suppressAlert':
        params.alertId = await freshAlert();
        payload = {};
        break;
      case 'alerts.assignAlert':
        params.alertId = await freshAlert();
        payload = { userId: null };
        break;
      case 'alerts.saveNotificationSettings':
        payload = {
          channels: { email: true, sms: false, chat: true },
          quietHours: false,
          escalationDelayMinutes: 15,
          groupingWindowMinutes: 5,
        };
        break;
      case 'alerts.createRule':
      case 'alerts.previewRule':
        payload = MATRIX_RULE;
        break;
      case 'alerts.updateRule':
        params.ruleId = await freshRule();
        payload = MATRIX_RULE;
        break;
      case 'alerts.setRuleStatus':
        params.ruleId = await freshRule();
        payload = { status: 'paused' };
        break;
      case 'alerts.duplicateRule':
      case 'alerts.deleteRule':
        params.ruleId = await freshRule();
        break;
      case 'alerts.testChannel':
        payload = { type: 'slack', target: '' };
        break;
      case 'alerts.createSilence':
        payload = {
          matchers: [{ label: 'route', operator: '==', value: 'GET /x' }],
          startsAt: '2026-01-01T00:00:00Z',
          endsAt: '2099-01-01T00:00:00Z',
          comment: 'Matrix silence',
        };
        break;
      case 'alerts.deleteSilence': {
        const created = await as(admin, 'POST', '/alert-silences', {
          matchers: [{ label: 'route', operator: '==', value: 'GET /x' }],
          startsAt: '2026-01-01T00:00:00Z',
          endsAt: '2099-01-01T00:00:00Z',
          comment: 'Matrix silence',
        });
        params.id = (created.body.data as { id: string }).id;
        break;
      }
      case 'alerts.createMaintenanceWindow':
        payload = { name: 'Matrix window', weekdays: [0], start: '02:00', minutes: 60 };
        break;
      case 'alerts.deleteMaintenanceWindow': {
        const created = await as(admin, 'POST', '/alert-maintenance-windows', {
          name: 'Matrix window',
          weekdays: [0],
          start: '02:00',
          minutes: 60,
        });
        params.id = (created.body.data as { id: string }).id;
        break;
      }
      case 'backups.runBackup':
        payload = {};
        break;
      case 'backups.updateRestoreTest':
        payload = { status: 'paused', schedule: '30 4 * * *', windowDays: 7 };
        break;
      case 'backups.createJob':
        payload = await backupJobInput();
        break;
      case 'backups.updateJob':
      case 'backups.deleteJob': {
        const created = await as(admin, 'POST', '/backups/jobs', await backupJobInput());
        params.id = (created.body.data as { id: string }).id;
        if (name === 'backups.updateJob') payload = await backupJobInput();
        break;
      }
      case 'backups.createLocation':
        payload = { name: `Matrix ${randomUUID().slice(0, 8)}`, path: `/tmp/console-matrix-${randomUUID()}` };
        break;
      case 'backups.restore':
      case 'backups.testRestore':
        params.id = role === 'super_admin' ? await recoveryPoint() : randomUUID();
        if (name === 'backups.restore') payload = { confirmation: 'RESTORE' };
        break;
      default:
        if (endpoint.params || endpoint.body)
          throw new Error(`No sample input for ${name}: add one to the matrix`);
    }
    return { url: buildPath(endpoint.path, params), payload };
  }

  // The matrix's gates read roles with the same statements on either engine: it runs on PGlite. The rest of
  // the file runs on both (roles created at once race on a real pool).
  const matrixRoles = target.name === 'pglite' ? SYSTEM_ROLES : [];
  describe.each(matrixRoles.map((r) => ({ role: r.id, held: r.permissions })))(
    'as $role',
    ({ role, held }) => {
      it.each(GUARDED.map(([name, endpoint]) => ({ name, endpoint })))(
        '$name: 403 naming its permission exactly when the role lacks it',
        async ({ name, endpoint }) => {
          const { url, payload } = await sampleRequest(name, endpoint, role);
          const response = endpoint.stream
            ? await opened(tokens[role], url)
            : await as(tokens[role], endpoint.method, url, payload);
          // A restore or restore test goes on after its answer: the tests that follow must not run under it.
          if (name === 'backups.restore' && response.status < 300)
            await restoreEnded(suite.app, bearer(admin));
          if (name === 'backups.testRestore' && response.status < 300)
            await restoreTestEnded(suite.app, bearer(admin));
          const permission = endpoint.permission!;
          if (held.includes(permission)) {
            expect(response.status, JSON.stringify(response.body)).not.toBe(403);
            expect(response.status).toBeLessThan(300);
          } else {
            expect(response.status).toBe(403);
            expect(response.body.error).toBe(formatError(ERRORS.forbidden, { permission }));
          }
        },
        240_000,
      );
    },
  );

  it('lists the catalogue and the roles with permissions and user counts', async () => {
    const list = await as(admin, 'GET', '/permissions');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(PERMISSIONS.map((p) => ({ ...p })));

    const id = await customRole(['alerts.read', 'audit.read'], 2);
    const rolesList = await as(admin, 'GET', '/roles');
    const data = rolesList.body.data as Role[];
    expect(data.slice(0, SYSTEM_ROLES.length).map((r) => r.id)).toEqual(SYSTEM_ROLES.map((r) => r.id));
    for (const system of SYSTEM_ROLES) {
      const found = data.find((r) => r.id === system.id);
      expect(found).toMatchObject({ isSystemRole: true, name: system.name });
      expect([...(found?.permissions ?? [])].sort()).toEqual([...system.permissions].sort());
    }
    expect(data.find((r) => r.id === id)).toMatchObject({
      isSystemRole: false,
      permissions: ['alerts.read', 'audit.read'],
      userCount: 2,
    });
  });

  it('creates a role: name trimmed and required, unknown permission and duplicate name refused', async () => {
    const name = `Auditors ${randomUUID().slice(0, 6)}`;
    const created = await recorded(admin, 'POST', '/roles', {
      name: `  ${name}  `,
      description: 'Reads the trail',
      permissions: ['audit.read'],
    });
    expect(created.status).toBe(200);
    const role = created.body.data as Role;
    expect(role).toMatchObject({
      name,
      description: 'Reads the trail',
      permissions: ['audit.read'],
      isSystemRole: false,
      userCount: 0,
    });
    expect(created.rows).toEqual([
      expect.objectContaining({ action: 'CREATE', resource: 'role', resourceId: role.id, status: 'success' }),
    ]);

    const blank = await as(admin, 'POST', '/roles', { name: '   ' });
    expect(blank.status).toBe(400);

    const unknown = await recorded(admin, 'POST', '/roles', { name: 'Ghosts', permissions: ['ghost.haunt'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(ERRORS.permissionNotFound);
    expect(unknown.rows).toEqual([
      expect.objectContaining({ action: 'CREATE', resource: 'role', status: 'failure' }),
    ]);

    const duplicate = await as(admin, 'POST', '/roles', { name: name.toUpperCase() });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe(ERRORS.roleNameTaken);
    const racing = await Promise.all([1, 2, 3].map(() => as(admin, 'POST', '/roles', { name: 'Racers' })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(racing.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual([
      ERRORS.roleNameTaken,
      ERRORS.roleNameTaken,
    ]);
    const systemName = await as(admin, 'POST', '/roles', { name: 'Teacher' });
    expect(systemName.status).toBe(409);
  });

  it('changes, tests and deletes a custom role; a role in use is not deleted', async () => {
    const id = await customRole(['alerts.read']);
    const renamed = await recorded(admin, 'PATCH', `/roles/${id}`, {
      name: 'Renamed role',
      description: 'New text',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: 'Renamed role', description: 'New text' });
    expect(renamed.rows).toEqual([
      expect.objectContaining({ action: 'UPDATE', resource: 'role', resourceId: id, status: 'success' }),
    ]);

    const tested = await as(admin, 'POST', `/roles/${id}/test`);
    expect(tested.status).toBe(200);
    const result = tested.body.data as {
      results: { permission: string; granted: boolean }[];
      granted: number;
      total: number;
    };
    expect(result.total).toBe(PERMISSIONS.length);
    expect(result.granted).toBe(1);
    expect(result.results.filter((r) => r.granted).map((r) => r.permission)).toEqual(['alerts.read']);

    const inUse = await customRole([], 1);
    const refused = await recorded(admin, 'DELETE', `/roles/${inUse}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(formatError(ERRORS.roleInUse, { count: 1 }));
    expect(refused.rows).toEqual([
      expect.objectContaining({ action: 'DELETE', resourceId: inUse, status: 'failure' }),
    ]);

    const deleted = await recorded(admin, 'DELETE', `/roles/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.rows).toEqual([
      expect.objectContaining({ action: 'DELETE', resource: 'role', resourceId: id, status: 'success' }),
    ]);
    const gone = await as(admin, 'POST', `/roles/${id}/test`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(ERRORS.roleNotFound);
  });

  it('keeps every system role immutable, with a failure record for each attempt', async () => {
    const attempts = [
      ['PATCH', '/roles/teacher', { name: 'Educator' }],
      ['DELETE', '/roles/super_admin', undefined],
      ['POST', '/roles/staff/permissions', { permissionId: 'users.manage' }],
      ['DELETE', '/roles/teacher/permissions/classroom.manage', undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await recorded(admin, method, url, payload);
      expect(response.status, url).toBe(400);
      expect(response.body.error).toBe(ERRORS.systemRoleImmutable);
      expect(response.rows).toEqual([expect.objectContaining({ status: 'failure' })]);
    }
    const teacher = ((await as(admin, 'GET', '/roles')).body.data as Role[]).find((r) => r.id === 'teacher');
    expect(teacher).toMatchObject({ name: 'Teacher' });
    expect(teacher?.permissions).toContain('classroom.manage');
  });

  it('answers the error texts for unknown roles, permissions and users', async () => {
    const id = await customRole();
    const grant = await as(admin, 'POST', `/roles/${id}/permissions`, { permissionId: 'ghost.haunt' });
    expect([grant.status, grant.body.error]).toEqual([400, ERRORS.permissionNotFound]);
    const revoke = await as(admin, 'DELETE', `/roles/${id}/permissions/ghost.haunt`);
    expect([revoke.status, revoke.body.error]).toEqual([404, ERRORS.permissionNotFound]);
    const noRole = await as(admin, 'PATCH', '/roles/no-such-role', { name: 'X' });
    expect([noRole.status, noRole.body.error]).toEqual([404, ERRORS.roleNotFound]);
    const assign = await recorded(admin, 'PUT', `/users/${f.outsider.id}/role`, { roleId: 'no-such-role' });
    expect([assign.status, assign.body.error]).toEqual([400, ERRORS.roleNotFound]);
    expect(assign.rows).toEqual([expect.objectContaining({ resource: 'user_role', status: 'failure' })]);
    const noUser = await as(admin, 'GET', `/users/${randomUUID()}/permissions`);
    expect([noUser.status, noUser.body.error]).toEqual([404, ERRORS.userNotFound]);
  });

  it("a custom role's new permission holds at its user's next call, and its removal too; token kept", async () => {
    const id = await customRole(['dashboard.read']);
    const user = await userWithRole(id);
    expect((await as(user.token, 'GET', '/roles')).status).toBe(403);

    const granted = await recorded(admin, 'POST', `/roles/${id}/permissions`, { permissionId: 'roles.read' });
    expect(granted.status).toBe(200);
    expect(granted.rows).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'role_permission',
        resourceId: id,
        status: 'success',
      }),
    ]);
    expect((await as(user.token, 'GET', '/roles')).status).toBe(200);

    const mine = await as(user.token, 'GET', `/users/${user.id}/permissions`);
    expect(mine.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          permission: expect.objectContaining({ id: 'roles.read' }),
          role: expect.objectContaining({ id }),
        }),
      ]),
    );
    expect(mine.body.data).toHaveLength(2);

    const revoked = await recorded(admin, 'DELETE', `/roles/${id}/permissions/roles.read`);
    expect(revoked.status).toBe(200);
    expect(revoked.rows).toHaveLength(1);
    expect((await as(user.token, 'GET', '/roles')).status).toBe(403);
  });

  it("assigning a user's role holds at the next call without revoking the token", async () => {
    const user = await userWithRole(await customRole());
    expect((await as(user.token, 'GET', '/centers')).status).toBe(403);
    const assigned = await recorded(tokens.app_owner, 'PUT', `/users/${user.id}/role`, {
      roleId: 'app_owner',
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toEqual({ userId: user.id, roleId: 'app_owner' });
    expect(assigned.rows).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'user_role',
        resourceId: user.id,
        status: 'success',
      }),
    ]);
    expect((await as(user.token, 'GET', '/centers')).status).toBe(200);
    const perms = await as(admin, 'GET', `/users/${user.id}/permissions`);
    expect((perms.body.data as { role: { id: string } }[]).every((p) => p.role.id === 'app_owner')).toBe(
      true,
    );
    expect(perms.body.data).toHaveLength(8);
  });

  it('is no ladder: nobody hands out, or takes away, permissions he does not hold', async () => {
    const user = await userWithRole(await customRole());
    const promote = await recorded(tokens.app_owner, 'PUT', `/users/${user.id}/role`, {
      roleId: 'super_admin',
    });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toMatch(/^You do not have the permission /);
    expect(promote.rows).toEqual([expect.objectContaining({ resource: 'user_role', status: 'failure' })]);
    const demote = await as(tokens.app_owner, 'PUT', `/users/${f.platformAdmin.id}/role`, {
      roleId: 'app_owner',
    });
    expect(demote.status).toBe(403);

    const roleAdmin = await userWithRole(await customRole(['roles.read', 'roles.create', 'roles.update']));
    const target = await customRole();
    const grant = await as(roleAdmin.token, 'POST', `/roles/${target}/permissions`, {
      permissionId: 'users.manage',
    });
    expect([grant.status, grant.body.error]).toEqual([
      403,
      formatError(ERRORS.forbidden, { permission: 'users.manage' }),
    ]);
    const create = await as(roleAdmin.token, 'POST', '/roles', {
      name: 'Escalator',
      permissions: ['users.manage'],
    });
    expect(create.status).toBe(403);
    const fine = await as(roleAdmin.token, 'POST', `/roles/${target}/permissions`, {
      permissionId: 'roles.read',
    });
    expect(fine.status).toBe(200);
  });

  it('role verification: a center admin fails the centers list and passes analytics of his own center only', async () => {
    const centers = await as(f.a.owner.token, 'GET', '/centers');
    expect(centers.status).toBe(403);
    expect(centers.body.error).toBe(formatError(ERRORS.forbidden, { permission: 'centers.view_all' }));

    const own = await as(f.a.owner.token, 'GET', `/centers/${f.orgA}/analytics`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      organizationId: f.orgA,
      childrenEnrolled: 1,
      members: 5 + SYSTEM_ROLES.length,
    });
    // One child, one attended day in 30.
    expect((own.body.data as { attendanceRate30d: number }).attendanceRate30d).toBe(3.3);

    const other = await as(f.a.owner.token, 'GET', `/centers/${f.orgB}/analytics`);
    expect([other.status, other.body.error]).toEqual([403, ERRORS.notAMember]);
    const missing = await as(f.a.owner.token, 'GET', `/centers/${randomUUID()}/analytics`);
    expect([missing.status, missing.body.error]).toEqual([404, ERRORS.organizationNotFound]);

    const platform = await as(admin, 'GET', '/centers');
    expect(platform.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: f.orgA, name: 'Alpha Kids' }),
        expect.objectContaining({ id: f.orgB }),
      ]),
    );
    expect((await as(admin, 'GET', `/centers/${f.orgB}/analytics`)).status).toBe(200);
  });
});
