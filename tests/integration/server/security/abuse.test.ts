/**
 * The abuse suite, generated from the contract (issue 25): every endpoint of `ENDPOINTS` and every download
 * route, called by an unauthenticated caller, a user of each system role, each member role of organization A
 * and an API key confined to A, naming their own organization and another's. The gate answers exactly as the
 * declaration says (public, permission, tenant rule, the key's organization): refused with the declared
 * 401/403 and its text, or let through (then never with a refusal of the gate, never a 5xx); and no answer
 * to a caller who may not read organization B carries any of B's ids or addresses.
 *
 * It grows by itself: a new endpoint is walked with the sample input of tests/support/samples.ts (the
 * audit-coverage walk's, one place for both) and fails naming itself if it has none; a new route in the
 * OpenAPI document that is neither a contract endpoint nor a listed download fails the suite too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_DOWNLOAD_PATH,
  ENDPOINTS,
  EXPORT_DOWNLOAD_PATH,
  REPORT_DOWNLOAD_PATH,
  buildPath,
  type BackupOverview,
  type Endpoint,
} from '../../../../shared/api';
import { PERMISSION_IDS, SYSTEM_ROLES, systemRole, type SystemRoleId } from '../../../../shared/permissions';
import { inArray } from 'drizzle-orm';
import { memberships, organizations } from '../../../../server/db/schema';
import {
  CONTRACT_OPERATIONS,
  downloadVerdict,
  gateRefusal,
  openApiPath,
  reaches,
  verdict,
  type AbuseCaller,
  type DownloadDeclaration,
  type Verdict,
} from '../../../support/abuse';
import { testDatabases } from '../../../support/databases';
import { createSampler, type SampleRequest } from '../../../support/samples';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const ROUTES = Object.entries(ENDPOINTS as Record<string, Endpoint>);

/** The download routes beside the contract, with the permission their group registers them with. */
const DOWNLOADS: DownloadDeclaration[] = [
  { path: EXPORT_DOWNLOAD_PATH, tenantFiles: true },
  { path: REPORT_DOWNLOAD_PATH, permission: 'reports.view_financial' },
  { path: BACKUP_DOWNLOAD_PATH, permission: 'backups.manage' },
];

/**
 * Endpoints whose allowed call is not made with a real target, and why: the gate is the same, the target an
 * unknown recovery point (the allowed answer is then its 404).
 */
const NO_REAL_TARGET: Record<string, string> = {
  'backups.restore': 'a real restore replaces the database under the rest of the suite',
  'backups.testRestore': 'a recovery point costs a whole backup per caller; the gate does not depend on it',
};

interface Mismatch {
  caller: string;
  organization: string;
  expected: Verdict | 'no data of B';
  status: number;
  answer: string;
}

describe.each(testDatabases)('abuse suite from the contract on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  const { sample } = createSampler(suite);
  const callers: (AbuseCaller & { role?: SystemRoleId })[] = [];
  /** Identifiers and addresses of organization B that no caller outside it may read. */
  let markers: string[] = [];
  const figures = { requests: 0, allowed: 0, refused: 0, started: 0 };

  beforeAll(async () => {
    figures.started = performance.now();
    // Every allowed invitation and join adds a member: room for the whole walk, not the fixture's 10.
    await suite.database.db
      .update(organizations)
      .set({ maxUsers: 1000 })
      .where(inArray(organizations.id, [f.orgA, f.orgB]));
    callers.push({ label: 'unauthenticated', permissions: [], memberships: {} });
    // A user of each system role, a viewer member of A (as in the role matrix).
    for (const role of SYSTEM_ROLES) {
      const user = await insertUser(suite.database, role.id);
      await suite.database.db
        .insert(memberships)
        .values({ organizationId: f.orgA, userId: user.id, role: 'viewer' });
      callers.push({
        label: role.id,
        role: role.id,
        token: await tokenFor(suite.database, clock, user.id),
        permissions: role.permissions,
        memberships: { [f.orgA]: 'viewer' },
      });
    }
    // Each member role of A (owner: a center admin, the others: staff).
    for (const [memberRole, user] of Object.entries(f.a)) {
      const role = memberRole === 'owner' ? 'center_admin' : 'staff';
      callers.push({
        label: `${memberRole} of A`,
        role,
        token: user.token,
        permissions: systemRole(role)!.permissions,
        memberships: { [f.orgA]: memberRole as keyof typeof f.a },
      });
    }
    // A key confined to A, made by a super admin (no member of A: a platform context there) with every scope.
    const issued = await call(suite.app, {
      method: 'POST',
      url: '/api-keys',
      headers: bearer(f.platformAdmin.token),
      payload: { name: 'Abuse key', scopes: PERMISSION_IDS, organizationId: f.orgA },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    callers.push({
      label: 'API key of A',
      token: (issued.body.data as { key: string }).key,
      permissions: PERMISSION_IDS,
      memberships: {},
      keyOrganization: f.orgA,
    });
    markers = [f.orgB, f.childB, f.b.owner.email, f.b.viewer.email, f.b.owner.id, f.b.viewer.id];
  });

  afterAll(async () => {
    // A backup the super admin started goes on after its answer: let it end before the app closes.
    for (;;) {
      const overview = await call(suite.app, {
        method: 'GET',
        url: '/backups',
        headers: bearer(f.platformAdmin.token),
      });
      const { activity } = overview.body.data as BackupOverview;
      if (!activity.some((a) => a.percent < 100)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = ((performance.now() - figures.started) / 1000).toFixed(1);
    console.info(
      `abuse suite on ${target.name}: ${figures.requests} requests (${figures.allowed} let through, ` +
        `${figures.refused} refused) in ${seconds} s`,
    );
  });

  /** Sends one request; a stream is dropped once its status is known. */
  async function send(
    endpointLike: { method: string; stream?: 'sse' },
    url: string,
    headers: object,
    payload?: object,
  ) {
    figures.requests++;
    const response = await suite.app.inject({
      method: endpointLike.method as 'GET',
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
      payloadAsStream: true,
    });
    if (endpointLike.stream && response.statusCode < 300) {
      response.stream().destroy();
      return { status: response.statusCode, text: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: response.statusCode, text: Buffer.concat(chunks).toString() };
  }

  const messageOf = (text: string): string => {
    try {
      const body = JSON.parse(text) as { error?: string; message?: string };
      return body.message ?? body.error ?? '';
    } catch {
      return '';
    }
  };

  /** Compares an answer with the verdict; answers the mismatch, if any. */
  function judge(
    declared: { permission?: string },
    expected: Verdict,
    answer: { status: number; text: string },
  ): boolean {
    if (answer.status >= 500) return false;
    if (expected.allowed) return !gateRefusal(declared, answer.status, messageOf(answer.text));
    if (answer.status !== expected.status) return false;
    const message = messageOf(answer.text);
    if (expected.text instanceof RegExp) return expected.text.test(message);
    return expected.text === undefined || message === expected.text;
  }

  it('walks every route the server serves: the contract and the listed downloads', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const downloads = new Set(DOWNLOADS.map((d) => `GET ${openApiPath(d.path)}`));
    const unknown = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((operation) => !CONTRACT_OPERATIONS.has(operation) && !downloads.has(operation)),
    );
    expect(
      unknown,
      'routes outside ENDPOINTS: declare them in shared/api, or list a download in DOWNLOADS of this suite',
    ).toEqual([]);
    for (const download of downloads) expect(Object.keys(document.paths)).toContain(download.slice(4));
  });

  // Generous: the sign-in's and one-time links' scrypt runs once per allowed caller.
  it.each(ROUTES)(
    '%s: allowed exactly as declared, never B’s data',
    { timeout: 300_000 },
    async (name, endpoint) => {
      const organizations = endpoint.tenant ? [f.orgA, f.orgB] : [undefined];
      let refusedSample: SampleRequest | undefined;
      const mismatches: Mismatch[] = [];
      // A public endpoint reads no token: without one, with a session and with a key is every case it has.
      const walked =
        endpoint.auth === 'public'
          ? callers.filter((c) => !c.token || c.role === 'super_admin' || c.keyOrganization)
          : callers;
      for (const caller of walked) {
        for (const organization of organizations) {
          const expected = verdict(endpoint, caller, organization);
          // A refused request changes nothing: one sample serves every refusal.
          const request: SampleRequest = NO_REAL_TARGET[name]
            ? {
                params: { id: randomUUID() },
                payload: name === 'backups.restore' ? { confirmation: 'RESTORE' } : undefined,
              }
            : expected.allowed
              ? await sample(name, endpoint, caller.role ? { selfRole: caller.role } : {})
              : (refusedSample ??= await sample(name, endpoint));
          const params = { ...request.params };
          if (organization === f.orgB && endpoint.tenant === 'path') {
            params.id = f.orgB;
            if (params.userId) params.userId = f.b.viewer.id;
          }
          // A request on its caller's own account is made as the fresh user the sample made for this role.
          const asSelf = Boolean(request.self && caller.role && !caller.keyOrganization);
          const token = asSelf ? request.token : caller.token;
          const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
          const answer = await send(
            endpoint,
            buildPath(endpoint.path, params) + query,
            {
              ...(token ? bearer(token) : {}),
              ...(endpoint.tenant === 'header' && organization ? { 'x-organization-id': organization } : {}),
            },
            request.payload,
          );
          await request.settle?.();
          if (expected.allowed) figures.allowed++;
          else figures.refused++;
          const label = { caller: caller.label, organization: organization === f.orgB ? 'B' : 'A' };
          if (!judge(endpoint, expected, answer))
            mismatches.push({ ...label, expected, status: answer.status, answer: answer.text.slice(0, 300) });
          // The fresh user of a request on its own account may have been given B (an invitation to join it).
          const outsideB = !asSelf && !reaches(caller, f.orgB);
          if (outsideB && markers.some((marker) => answer.text.includes(marker)))
            mismatches.push({
              ...label,
              expected: 'no data of B',
              status: answer.status,
              answer: answer.text.slice(0, 300),
            });
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it.each(DOWNLOADS.map((d) => [d.path, d] as const))(
    'download %s: allowed exactly as declared',
    async (_path, route) => {
      const mismatches: Mismatch[] = [];
      for (const caller of callers) {
        const expected = downloadVerdict(route, caller);
        const answer = await send(
          { method: 'GET' },
          buildPath(route.path, { id: randomUUID() }),
          caller.token ? bearer(caller.token) : {},
        );
        if (expected.allowed) figures.allowed++;
        else figures.refused++;
        // Let through, the file of an unknown id is not found.
        const fits = judge(route, expected, answer) && (!expected.allowed || answer.status === 404);
        if (!fits)
          mismatches.push({
            caller: caller.label,
            organization: '-',
            expected,
            status: answer.status,
            answer: answer.text.slice(0, 300),
          });
      }
      expect(mismatches).toEqual([]);
    },
  );

  it("an export of B's is downloaded by no caller outside B", async () => {
    const started = await call(suite.app, {
      method: 'POST',
      url: '/export',
      // The platform's super admin, in B as a platform administrator: nobody else's job.
      headers: { ...bearer(f.platformAdmin.token), 'x-organization-id': f.orgB },
      payload: { type: 'alerts', format: 'json' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { downloadUrl } = started.body.data as { downloadUrl: string };
    for (const caller of callers) {
      const answer = await send({ method: 'GET' }, downloadUrl, caller.token ? bearer(caller.token) : {});
      expect({ caller: caller.label, status: answer.status }).toEqual({
        caller: caller.label,
        status: expect.toBeOneOf([401, 403, 404]),
      });
      for (const marker of markers) expect(answer.text).not.toContain(marker);
    }
  });
});
