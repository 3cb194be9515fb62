/**
 * A minimal valid request for each endpoint of the contract, on fresh rows so that order does not matter:
 * the walks derived from `ENDPOINTS` (the audit coverage, the abuse suite) share it, so a new endpoint
 * needs one sample here, and a walk that meets an endpoint without one fails naming it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Endpoint, SettingsDocument, BackupOverview } from '../../shared/api';
import { children, integrations, memberships, rolePermissions, roles } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/seed/demo-users';
import { bearer, call, challengeFor, insertTwoFactor, insertUser, tokenFor } from './server';
import { restoreEnded, restoreTestEnded } from './backups';
import type { ServerSuite } from './suite';
import type { SystemRoleId } from '../../shared/permissions';
import { SAMPLE_REPORT_INPUT, insertReport } from './reports';

export interface SampleRequest {
  /** The caller's token; none for a public endpoint. */
  token?: string;
  /**
   * The request acts on its caller's own account (sign-out, password, two-factor, joining): a walk that
   * calls it as someone else calls it as a fresh user of that role, not a shared one.
   */
  self?: { userId: string };
  /** The organization of a tenant endpoint (path `:id` or the header). */
  org?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object;
  /** How to refuse it, where a bad token or wrong password does not (a one-time link's own token). */
  refused?: { payload: object; status: number };
  /** Work the request started that goes on after its answer, awaited once its record is read. */
  settle?: () => Promise<void>;
}

const SAMPLE_RULE = {
  name: 'Sample rule',
  status: 'draft',
  severity: 'low',
  metric: 'cpu',
  condition: { operator: '>', threshold: 90, aggregation: 'avg', timeWindow: '5m' },
};
const SAMPLE_SILENCE = {
  matchers: [{ label: 'route', operator: '==', value: 'GET /x' }],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2099-01-01T00:00:00Z',
  comment: 'Sample silence',
};
const SAMPLE_WINDOW = { name: 'Sample window', weekdays: [0], start: '02:00', minutes: 60 };

export interface SampleOptions {
  /** The system role of the fresh user a request on its caller's own account is made for. */
  selfRole?: SystemRoleId;
}

export interface Sampler {
  /** A minimal valid request for the endpoint named `name` (`group.name` as in `ENDPOINTS`). */
  sample(name: string, endpoint: Endpoint, options?: SampleOptions): Promise<SampleRequest>;
}

export function createSampler(suite: ServerSuite): Sampler {
  const { clock, f } = suite;

  const unique = () => randomUUID().slice(0, 8);

  async function freshUser(
    role: SystemRoleId = 'app_owner',
  ): Promise<{ id: string; email: string; token: string }> {
    const user = await insertUser(suite.database, role);
    return { ...user, token: await tokenFor(suite.database, clock, user.id) };
  }
  async function freshAlert(): Promise<string> {
    const event = await suite.app.alerting.raise({
      title: 'Sample',
      description: '',
      severity: 'low',
      category: 'technical',
      source: 'test',
    });
    return event.alert.id;
  }
  async function freshRule(): Promise<string> {
    const created = await call(suite.app, {
      method: 'POST',
      url: '/alert-rules',
      headers: bearer(f.platformAdmin.token),
      payload: SAMPLE_RULE,
    });
    return (created.body.data as { id: string }).id;
  }
  async function freshMember(): Promise<string> {
    const user = await insertUser(suite.database, 'staff');
    await suite.database.db
      .insert(memberships)
      .values({ organizationId: f.orgA, userId: user.id, role: 'viewer' });
    return user.id;
  }
  async function freshChild(): Promise<string> {
    const [row] = await suite.database.db
      .insert(children)
      .values({ organizationId: f.orgA, firstName: 'Audit', lastName: unique(), dateOfBirth: '2022-05-01' })
      .returning({ id: children.id });
    return row!.id;
  }
  async function customRole(permissions: string[] = []): Promise<string> {
    const id = randomUUID();
    await suite.database.db.insert(roles).values({ id, name: `Audited ${id.slice(0, 8)}` });
    if (permissions.length) {
      await suite.database.db
        .insert(rolePermissions)
        .values(permissions.map((permissionId) => ({ roleId: id, permissionId })));
    }
    return id;
  }

  /** A webhook integration whose URL (set behind the API's back) is refused at connect time at once. */
  async function freshIntegration(apiKey?: string): Promise<string> {
    const created = await call(suite.app, {
      method: 'POST',
      url: '/integrations',
      headers: bearer(f.platformAdmin.token),
      payload: { name: 'Sample', url: 'https://93.184.215.14/x', events: ['user.created'], apiKey },
    });
    const { id } = (created.body.data as { integration: { id: string } }).integration;
    await suite.database.db
      .update(integrations)
      .set({ url: 'http://127.0.0.1:9/' })
      .where(eq(integrations.id, id));
    return id;
  }
  async function freshApiKey(): Promise<string> {
    const created = await call(suite.app, {
      method: 'POST',
      url: '/api-keys',
      headers: bearer(f.platformAdmin.token),
      payload: { name: 'Sample key', scopes: ['system.view_health'] },
    });
    return (created.body.data as { apiKey: { id: string } }).apiKey.id;
  }
  async function backupOverview(): Promise<BackupOverview> {
    const res = await call(suite.app, {
      method: 'GET',
      url: '/backups',
      headers: bearer(f.platformAdmin.token),
    });
    return res.body.data as BackupOverview;
  }
  async function backupJobInput() {
    const [location] = (await backupOverview()).locations;
    return {
      name: `Nightly ${unique()}`,
      type: 'full',
      locationId: location!.id,
      schedule: '0 2 * * *',
      retention: 30,
      compression: 'gzip',
      status: 'active',
    };
  }
  async function backupJob(): Promise<string> {
    const res = await call(suite.app, {
      method: 'POST',
      url: '/backups/jobs',
      headers: bearer(f.platformAdmin.token),
      payload: await backupJobInput(),
    });
    return (res.body.data as { id: string }).id;
  }
  /** A recovery point: a backup run through the API, waited for on the overview. */
  async function recoveryPoint(): Promise<string> {
    const res = await call(suite.app, {
      method: 'POST',
      url: '/backups/runs',
      headers: bearer(f.platformAdmin.token),
      payload: {},
    });
    const { runId } = res.body.data as { runId: string };
    for (;;) {
      const run = (await backupOverview()).history.find((h) => h.id === runId);
      if (run?.status === 'success') return runId;
      if (run && run.status !== 'running') throw new Error(`backup failed: ${run.errorMessage}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A minimal request each audited endpoint accepts, on fresh rows so that order does not matter. */
  async function sample(
    name: string,
    endpoint: Endpoint,
    options: SampleOptions = {},
  ): Promise<SampleRequest> {
    const admin = f.platformAdmin.token;
    const owner = f.a.owner.token;
    /** The caller of a request on its own account. */
    const selfUser = async () => {
      const user = await freshUser(options.selfRole);
      return { user, token: user.token, self: { userId: user.id } };
    };
    switch (name) {
      case 'auth.login': {
        const user = await freshUser();
        return { payload: { email: user.email, password: DEMO_PASSWORD } };
      }
      case 'auth.register':
        return {
          token: admin,
          payload: {
            email: `new-${unique()}@test.example`,
            name: 'New',
            password: 'A-Long-Secret-2026!',
            role: 'staff',
          },
        };
      case 'auth.logout': {
        const { token, self } = await selfUser();
        return { token, self };
      }
      case 'auth.changePassword': {
        const { token, self } = await selfUser();
        return {
          token,
          self,
          payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Another-Secret-2026!' },
        };
      }
      case 'organizations.update':
        return {
          token: owner,
          org: f.orgA,
          params: { id: f.orgA },
          payload: { name: `Renamed ${unique()}` },
        };
      case 'organizations.invite':
        return {
          token: owner,
          org: f.orgA,
          params: { id: f.orgA },
          payload: { email: `invitee-${unique()}@test.example`, role: 'viewer' },
        };
      case 'organizations.updateMember':
        return {
          token: owner,
          org: f.orgA,
          params: { id: f.orgA, userId: await freshMember() },
          payload: { role: 'operator' },
        };
      case 'organizations.removeMember':
        return { token: owner, org: f.orgA, params: { id: f.orgA, userId: await freshMember() } };
      case 'childcare.createChild':
        return {
          token: owner,
          org: f.orgA,
          payload: { firstName: 'New', lastName: 'Child', dateOfBirth: '2022-01-01' },
        };
      case 'childcare.updateChild':
        return {
          token: owner,
          org: f.orgA,
          params: { id: await freshChild() },
          payload: { firstName: 'Changed', lastName: 'Child', dateOfBirth: '2022-01-01' },
        };
      case 'childcare.deleteChild':
        return { token: owner, org: f.orgA, params: { id: await freshChild() } };
      case 'childcare.recordAttendance':
        return { token: owner, org: f.orgA, payload: { childId: await freshChild(), action: 'check_in' } };
      case 'roles.createRole':
        return { token: admin, payload: { name: `Audited ${unique()}` } };
      case 'roles.updateRole':
        return { token: admin, params: { id: await customRole() }, payload: { description: 'Changed' } };
      case 'roles.deleteRole':
        return { token: admin, params: { id: await customRole() } };
      case 'roles.grantPermission':
        return { token: admin, params: { id: await customRole() }, payload: { permissionId: 'alerts.read' } };
      case 'roles.revokePermission':
        return {
          token: admin,
          params: { id: await customRole(['alerts.read']), permissionId: 'alerts.read' },
        };
      case 'roles.assignUserRole':
        return { token: admin, params: { userId: (await freshUser()).id }, payload: { roleId: 'teacher' } };
      case 'exports.createExport':
        return { token: admin, payload: { type: 'users', format: 'csv' } };
      case 'business.importCosts':
        return {
          token: admin,
          payload: {
            csv: 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others\n2026-01-01,,1,0,0,0,0,0',
          },
        };
      case 'business.setSpend':
        return { token: admin, params: { month: '2026-01' }, payload: { amount: 1000 } };
      case 'settings.update': {
        const current = await call(suite.app, { method: 'GET', url: '/settings', headers: bearer(admin) });
        const { settings, version } = current.body.data as SettingsDocument;
        return { token: admin, payload: { settings, version } };
      }
      case 'users.createUser':
        return {
          token: admin,
          payload: { name: 'New', email: `added-${unique()}@test.example`, role: 'staff' },
        };
      case 'users.updateUser':
        return { token: admin, params: { userId: (await freshUser()).id }, payload: { name: 'Renamed' } };
      case 'users.setUserStatus':
        return { token: admin, params: { userId: (await freshUser()).id }, payload: { status: 'suspended' } };
      case 'users.resetUserPassword':
        return { token: admin, params: { userId: (await freshUser()).id } };
      case 'users.acceptInvitation': {
        const created = await call(suite.app, {
          method: 'POST',
          url: '/users',
          headers: bearer(admin),
          payload: { name: 'Invitee', email: `invitee-${unique()}@test.example`, role: 'staff' },
        });
        const { token } = (created.body.data as { invitation: { token: string } }).invitation;
        return {
          payload: { token, password: 'Sample-Secret-2026' },
          refused: { payload: { token: 'x'.repeat(43), password: 'Sample-Secret-2026' }, status: 400 },
        };
      }
      case 'users.joinOrganization': {
        const { user, self } = await selfUser();
        const invited = await call(suite.app, {
          method: 'POST',
          url: `/organizations/${f.orgB}/invites`,
          headers: bearer(f.b.owner.token),
          payload: { email: user.email, role: 'viewer' },
        });
        const { token } = (invited.body.data as { delivery: { token: string } }).delivery;
        return {
          token: user.token,
          self,
          payload: { token },
          refused: { payload: { token: 'x'.repeat(43) }, status: 400 },
        };
      }
      case 'monitoring.apiReport':
        return { token: admin, payload: { range: '1h', format: 'csv' } };
      case 'integrations.createIntegration':
        return {
          token: admin,
          payload: { name: 'Audited hook', url: 'https://93.184.215.14/hook', events: ['user.created'] },
        };
      case 'integrations.deleteIntegration':
        return { token: admin, params: { id: await freshIntegration() } };
      case 'integrations.setIntegrationEnabled':
        return { token: admin, params: { id: await freshIntegration() }, payload: { enabled: false } };
      case 'integrations.syncIntegration':
        return { token: admin, params: { id: await freshIntegration() } };
      case 'integrations.rotateSecret':
        return { token: admin, params: { id: await freshIntegration() } };
      case 'integrations.revealApiKey':
        return { token: admin, params: { id: await freshIntegration('sk_test_audited_key') } };
      case 'integrations.replayDelivery': {
        const id = await freshIntegration();
        const synced = await call(suite.app, {
          method: 'POST',
          url: `/integrations/${id}/sync`,
          headers: bearer(admin),
        });
        return { token: admin, params: { id: (synced.body.data as { deliveryId: string }).deliveryId } };
      }
      case 'integrations.generateApiKey':
        return { token: admin, payload: { name: 'Audited key', scopes: ['system.view_health'] } };
      case 'integrations.regenerateApiKey':
        return { token: admin, params: { id: await freshApiKey() } };
      case 'integrations.revokeApiKey':
        return { token: admin, params: { id: await freshApiKey() } };
      case 'reports.createReport':
        return { token: admin, payload: SAMPLE_REPORT_INPUT };
      case 'reports.updateReport':
        return {
          token: admin,
          params: { id: await insertReport(suite.database, f.platformAdmin.id) },
          payload: SAMPLE_REPORT_INPUT,
        };
      case 'reports.deleteReport':
      case 'reports.generateReport':
        return { token: admin, params: { id: await insertReport(suite.database, f.platformAdmin.id) } };
      case 'alerts.acknowledgeAlert':
        return { token: admin, params: { alertId: await freshAlert() }, payload: { comment: 'Seen' } };
      case 'alerts.resolveAlert':
      case 'alerts.suppressAlert':
        return { token: admin, params: { alertId: await freshAlert() }, payload: { comment: '' } };
      case 'alerts.assignAlert':
        return {
          token: admin,
          params: { alertId: await freshAlert() },
          payload: { userId: f.platformAdmin.id },
        };
      case 'alerts.saveNotificationSettings':
        return {
          token: admin,
          payload: {
            channels: { email: true, sms: false, chat: true },
            quietHours: true,
            escalationDelayMinutes: 15,
            groupingWindowMinutes: 5,
          },
        };
      case 'alerts.createRule':
        return { token: admin, payload: SAMPLE_RULE };
      case 'alerts.updateRule':
        return {
          token: admin,
          params: { ruleId: await freshRule() },
          payload: { ...SAMPLE_RULE, name: 'Changed' },
        };
      case 'alerts.setRuleStatus':
        return { token: admin, params: { ruleId: await freshRule() }, payload: { status: 'paused' } };
      case 'alerts.duplicateRule':
      case 'alerts.deleteRule':
        return { token: admin, params: { ruleId: await freshRule() } };
      case 'alerts.testChannel':
        return { token: admin, payload: { type: 'slack', target: '' } };
      case 'alerts.createSilence':
        return { token: admin, payload: SAMPLE_SILENCE };
      case 'alerts.deleteSilence': {
        const created = await call(suite.app, {
          method: 'POST',
          url: '/alert-silences',
          headers: bearer(admin),
          payload: SAMPLE_SILENCE,
        });
        return { token: admin, params: { id: (created.body.data as { id: string }).id } };
      }
      case 'alerts.createMaintenanceWindow':
        return { token: admin, payload: SAMPLE_WINDOW };
      case 'alerts.deleteMaintenanceWindow': {
        const created = await call(suite.app, {
          method: 'POST',
          url: '/alert-maintenance-windows',
          headers: bearer(admin),
          payload: SAMPLE_WINDOW,
        });
        return { token: admin, params: { id: (created.body.data as { id: string }).id } };
      }
      case 'auth.twoFactorVerify': {
        const user = await freshUser();
        const { code } = await insertTwoFactor(suite.database, user.id);
        const challenge = await challengeFor(suite.database, clock, user.id, 'code');
        return {
          payload: { challenge, code: code(clock.now()) },
          refused: { payload: { challenge: 'not-a-challenge', code: '123456' }, status: 401 },
        };
      }
      case 'auth.twoFactorEnrolment': {
        const user = await freshUser();
        const challenge = await challengeFor(suite.database, clock, user.id, 'enrol');
        return {
          payload: { challenge },
          refused: { payload: { challenge: 'not-a-challenge' }, status: 401 },
        };
      }
      case 'auth.twoFactorEnrolmentConfirm': {
        const user = await freshUser();
        const { code } = await insertTwoFactor(suite.database, user.id, { confirmed: false });
        const challenge = await challengeFor(suite.database, clock, user.id, 'enrol');
        return {
          payload: { challenge, code: code(clock.now()) },
          refused: { payload: { challenge, code: 'wrong-code' }, status: 401 },
        };
      }
      case 'account.setupTwoFactor': {
        const { token, self } = await selfUser();
        return { token, self };
      }
      case 'account.confirmTwoFactor': {
        const { user, self } = await selfUser();
        const { code } = await insertTwoFactor(suite.database, user.id, { confirmed: false });
        return { token: user.token, self, payload: { code: code(clock.now()) } };
      }
      case 'users.resetTwoFactor': {
        const user = await freshUser();
        await insertTwoFactor(suite.database, user.id);
        return { token: admin, params: { userId: user.id } };
      }
      case 'backups.runBackup':
        return { token: admin, payload: {} };
      case 'backups.createJob':
        return { token: admin, payload: await backupJobInput() };
      case 'backups.updateJob':
        return { token: admin, params: { id: await backupJob() }, payload: await backupJobInput() };
      case 'backups.deleteJob':
        return { token: admin, params: { id: await backupJob() } };
      case 'backups.createLocation':
        return {
          token: admin,
          payload: { name: `Share ${unique()}`, path: `/tmp/console-share-${unique()}` },
        };
      case 'backups.restore':
        return {
          token: admin,
          params: { id: await recoveryPoint() },
          payload: { confirmation: 'RESTORE' },
          // Answered at once; the restore's outcome is recorded when it ends, not by the request.
          settle: async () => void (await restoreEnded(suite.app, bearer(admin))),
        };
      case 'backups.testRestore': {
        const id = await recoveryPoint();
        return {
          token: admin,
          params: { id },
          // Answered at once; the test's outcome is recorded when it ends, not by the request.
          settle: async () => void (await restoreTestEnded(suite.app, bearer(admin), id)),
        };
      }
      case 'backups.checkLocations':
        return { token: admin };
      case 'backups.revealKey':
        return { token: admin };
      case 'backups.updateRestoreTest':
        return { token: admin, payload: { status: 'paused', schedule: '30 4 * * *', windowDays: 7 } };
      case 'organizations.context':
      case 'organizations.members':
      case 'organizations.stats':
      case 'organizations.get':
      case 'roles.centerAnalytics':
        return { token: owner, org: f.orgA, params: { id: f.orgA } };
      case 'childcare.getChild':
        return { token: owner, org: f.orgA, params: { id: await freshChild() } };
      case 'roles.userPermissions':
        return { token: admin, params: { userId: f.outsider.id } };
      case 'exports.exportStatus': {
        const started = await call(suite.app, {
          method: 'POST',
          url: '/export',
          headers: bearer(admin),
          payload: { type: 'users', format: 'csv' },
        });
        return { token: admin, params: { id: (started.body.data as { id: string }).id } };
      }
      case 'roles.testRole':
        return { token: admin, params: { id: await customRole() } };
      case 'alerts.previewRule':
        return { token: admin, payload: SAMPLE_RULE };
      case 'settings.testEmail':
        return { token: admin, payload: {} };
      case 'usage.recordEvents':
        return {
          token: admin,
          payload: { sessionId: randomUUID(), screen: 'large', host: 'electron', os: 'linux', events: [] },
        };
      case 'reports.reportData':
        return { token: admin, params: { id: await insertReport(suite.database, f.platformAdmin.id) } };
      default:
        // An endpoint that takes no input (or only an optional query) needs no sample: a caller who may call it, and its organization.
        if (!endpoint.params && !endpoint.body && (!endpoint.query || endpoint.query.safeParse({}).success))
          return endpoint.tenant ? { token: owner, org: f.orgA } : { token: admin };
        throw new Error(`No sample request for ${name}: add one to tests/support/samples.ts`);
    }
  }

  return { sample };
}
