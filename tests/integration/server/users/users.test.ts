/**
 * The users screen's calls (issue 13) on each database: accounts start pending with a one-time link,
 * the link sets a password once, transitions end sessions at once, and the guards hold.
 */
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OneTimeLinkData, PlatformUser, UserStats } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { ONE_TIME_LINK_LIFETIME_MS, USER_TEXTS } from '../../../../shared/users';
import { MAIL_TEXTS } from '../../../../server/mail/mailer';
import { passwordPolicyError, passwordPolicyGaps } from '../../../../shared/settings';
import { memberships, oneTimeTokens, users } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, login, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

const NEW_PASSWORD = 'Invited-Secret-2026';

// Each accepted link and sign-in derives a scrypt key (128 MiB, N=2^17): generous on a shared machine.
const SCRYPT_HEAVY = 240_000;

describe.each(testDatabases)('users (issue 13) on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  type Caller = string | null | (() => Promise<string>);
  const send = async (method: 'GET' | 'POST' | 'PATCH', url: string, caller: Caller, payload?: object) => {
    const token = typeof caller === 'function' ? await caller() : caller;
    return call(suite.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  };
  // Minted at the clock's time: tests move the clock past the fixture tokens' lifetime.
  const admin = () => () => tokenFor(suite.database, clock, f.platformAdmin.id);
  const ownerOfB = () => tokenFor(suite.database, clock, f.b.owner.id);
  let counter = 0;
  const email = () => `person-${++counter}-${Date.now()}@test.example`;

  async function addUser(body: Record<string, unknown> = {}) {
    const created = await send('POST', '/users', admin(), {
      name: 'Pat Person',
      email: email(),
      role: 'center_admin',
      ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as { user: PlatformUser; invitation: OneTimeLinkData };
  }
  const accept = (token: string, password = NEW_PASSWORD, extra: object = {}) =>
    send('POST', '/invitations/accept', null, { token, password, ...extra });
  async function activeUser(role = 'center_admin') {
    const { user, invitation } = await addUser({ role });
    expect((await accept(invitation.token!)).status).toBe(200);
    const signedIn = await login(suite.app, user.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    return { user, token: (signedIn.body.data as { token: string }).token };
  }

  it(
    'adds a pending user with a one-time link kept only as its hash, and audits it',
    async () => {
      const before = (await send('GET', '/users/stats', admin())).body.data as UserStats;
      const { user, invitation } = await addUser({
        centerId: f.orgA,
        phone: '+1 555 0100',
        location: 'Austin, TX',
      });
      expect(user).toMatchObject({
        status: 'pending',
        role: 'center_admin',
        roleName: 'Center Admin',
        center: { id: f.orgA },
        phone: '+1 555 0100',
        location: 'Austin, TX',
        lastLogin: null,
      });
      expect(invitation).toMatchObject({ link: null, emailed: false, emailNote: MAIL_TEXTS.notConfigured });
      expect(Date.parse(invitation.expiresAt)).toBe(clock.now() + ONE_TIME_LINK_LIFETIME_MS);

      const stored = await suite.database.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.userId, user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(invitation.token!).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(invitation.token!);
      const record = (await auditRows(suite.database)).find((r) => r.resourceId === user.id);
      expect(record).toMatchObject({ action: 'CREATE', resource: 'user', status: 'success' });
      expect(JSON.stringify(record)).not.toContain(invitation.token!);

      // A pending account cannot sign in with any password.
      expect((await login(suite.app, user.email, NEW_PASSWORD)).status).toBe(401);
      const after = (await send('GET', '/users/stats', admin())).body.data as UserStats;
      expect(after.total).toBe(before.total + 1);
      expect(after.centerAdmins).toBe(before.centerAdmins + 1);
      expect(after.active).toBe(before.active);
      const listed = (await send('GET', '/users', admin())).body.data as PlatformUser[];
      expect(listed.find((u) => u.id === user.id)?.permissions).toContain('center.manage');
      expect(JSON.stringify(listed)).not.toMatch(/scrypt|passwordHash/);
    },
    SCRYPT_HEAVY,
  );

  it(
    'refuses bad input: duplicate email, unknown role or center, a role beyond the editor',
    async () => {
      const { user } = await addUser();
      const duplicate = await send('POST', '/users', admin(), {
        name: 'X',
        email: user.email,
        role: 'staff',
      });
      expect(duplicate).toMatchObject({ status: 409, body: { error: ERRORS.emailTaken } });
      const role = await send('POST', '/users', admin(), { name: 'X', email: email(), role: 'nope' });
      expect(role).toMatchObject({ status: 400, body: { error: ERRORS.roleNotFound } });
      const center = await send('POST', '/users', admin(), {
        name: 'X',
        email: email(),
        role: 'staff',
        centerId: '6f1c1c1c-0000-4000-8000-000000000000',
      });
      expect(center).toMatchObject({ status: 400, body: { error: USER_TEXTS.centerNotFound } });
      const invalid = await send('POST', '/users', admin(), {
        name: ' ',
        email: 'not-an-email',
        role: 'staff',
      });
      expect(invalid.status).toBe(400);

      const owner = await insertUser(suite.database, 'app_owner');
      const ownerToken = await tokenFor(suite.database, clock, owner.id);
      const ladder = await send('POST', '/users', ownerToken, {
        name: 'X',
        email: email(),
        role: 'super_admin',
      });
      expect(ladder).toMatchObject({ status: 403, body: { error: expect.stringMatching(/permission/) } });
      const noPermission = await send('GET', '/users', f.a.owner.token!);
      expect(noPermission.status).toBe(403);
    },
    SCRYPT_HEAVY,
  );

  it(
    'accepts an invitation once, with the password policy, within 72 hours',
    async () => {
      const { user, invitation } = await addUser();
      const short = await accept(invitation.token!, 'short');
      expect(short).toMatchObject({
        status: 400,
        body: { error: passwordPolicyError('strong', passwordPolicyGaps('strong', 'short')) },
      });
      const unknown = await accept('x'.repeat(43));
      expect(unknown).toMatchObject({ status: 400, body: { error: USER_TEXTS.linkInvalid } });

      const accepted = await accept(invitation.token!);
      expect(accepted).toMatchObject({
        status: 200,
        body: { data: { email: user.email, kind: 'invitation' } },
      });
      const again = await accept(invitation.token!);
      expect(again).toMatchObject({ status: 400, body: { error: USER_TEXTS.linkInvalid } });
      const signedIn = await login(suite.app, user.email, NEW_PASSWORD);
      expect(signedIn.status).toBe(200);
      const listed = (await send('GET', '/users', admin())).body.data as PlatformUser[];
      expect(listed.find((u) => u.id === user.id)).toMatchObject({
        status: 'active',
        lastLogin: new Date(clock.now()).toISOString(),
      });

      const late = await addUser();
      clock.advance(ONE_TIME_LINK_LIFETIME_MS);
      expect(await accept(late.invitation.token!)).toMatchObject({
        status: 400,
        body: { error: USER_TEXTS.linkInvalid },
      });
    },
    SCRYPT_HEAVY,
  );

  it(
    "suspending or deactivating ends the user's sessions at once; activating lets them sign in again",
    async () => {
      for (const status of ['suspended', 'inactive'] as const) {
        const { user, token } = await activeUser();
        expect((await send('POST', '/auth/verify', token)).status).toBe(200);
        clock.advance(1);
        const changed = await send('POST', `/users/${user.id}/status`, admin(), { status });
        expect(changed).toMatchObject({ status: 200, body: { data: { status } } });
        expect(await send('POST', '/auth/verify', token)).toMatchObject({ status: 401 });
        expect((await login(suite.app, user.email, NEW_PASSWORD)).status).toBe(403);

        clock.advance(1);
        const back = await send('POST', `/users/${user.id}/status`, admin(), { status: 'active' });
        expect(back).toMatchObject({ status: 200, body: { data: { status: 'active' } } });
        // The old token stays revoked; a new sign-in works.
        expect((await send('POST', '/auth/verify', token)).status).toBe(401);
        expect((await login(suite.app, user.email, NEW_PASSWORD)).status).toBe(200);
        const records = (await auditRows(suite.database)).filter(
          (r) => r.resourceId === user.id && r.resource === 'user_status',
        );
        expect(records.map((r) => r.details)).toEqual([
          expect.objectContaining({ from: 'active', to: status }),
          expect.objectContaining({ from: status, to: 'active' }),
        ]);
      }
    },
    SCRYPT_HEAVY,
  );

  it(
    'guards: not oneself, not the last active super admin, not a pending account, not beyond the editor',
    async () => {
      const self = await send('POST', `/users/${f.platformAdmin.id}/status`, admin(), { status: 'inactive' });
      expect(self).toMatchObject({ status: 403, body: { error: USER_TEXTS.notYourself } });

      // Every other super admin out of the way: the fixture's admin is the last one.
      const { user: second, token: secondToken } = await activeUser('super_admin');
      const others = (await send('GET', '/users', admin())).body.data as PlatformUser[];
      for (const other of others.filter(
        (u) =>
          u.role === 'super_admin' &&
          u.status === 'active' &&
          u.id !== f.platformAdmin.id &&
          u.id !== second.id,
      )) {
        await suite.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, other.id));
      }
      expect(
        (await send('POST', `/users/${f.platformAdmin.id}/status`, secondToken, { status: 'suspended' }))
          .status,
      ).toBe(200);
      const last = await send('POST', `/users/${second.id}/status`, admin(), { status: 'inactive' });
      expect(last.status).toBe(401); // the suspended admin's own session has ended
      await suite.database.db.update(users).set({ status: 'active' }).where(eq(users.id, f.platformAdmin.id));
      const lastDemoted = await send('PATCH', `/users/${f.platformAdmin.id}`, secondToken, { role: 'staff' });
      expect(lastDemoted.status).toBe(200);
      const lastOne = await send('POST', `/users/${second.id}/status`, secondToken, { status: 'inactive' });
      expect(lastOne).toMatchObject({ status: 403, body: { error: USER_TEXTS.notYourself } });
      const onlyOne = await send('PATCH', `/users/${second.id}`, secondToken, { role: 'app_owner' });
      expect(onlyOne).toMatchObject({ status: 409, body: { error: USER_TEXTS.lastSuperAdmin } });
      await suite.database.db
        .update(users)
        .set({ role: 'super_admin' })
        .where(eq(users.id, f.platformAdmin.id));
      clock.advance(1);

      const { user: pending } = await addUser();
      const activate = await send('POST', `/users/${pending.id}/status`, admin(), { status: 'active' });
      expect(activate).toMatchObject({ status: 409, body: { error: USER_TEXTS.pendingActivation } });
      const badStatus = await send('POST', `/users/${pending.id}/status`, admin(), { status: 'pending' });
      expect(badStatus.status).toBe(400);
      for (const id of ['nope', '6f1c1c1c-0000-4000-8000-000000000000']) {
        const missing = await send('POST', `/users/${id}/status`, admin(), { status: 'inactive' });
        expect(missing).toMatchObject({ status: 404, body: { error: ERRORS.userNotFound } });
      }

      const owner = await insertUser(suite.database, 'app_owner');
      const ownerToken = await tokenFor(suite.database, clock, owner.id);
      for (const [method, url, payload] of [
        ['POST', `/users/${second.id}/status`, { status: 'inactive' }],
        ['PATCH', `/users/${second.id}`, { name: 'Renamed' }],
        ['POST', `/users/${second.id}/password-reset`, undefined],
      ] as const) {
        const refused = await send(method, url, ownerToken, payload);
        expect(refused, url).toMatchObject({ status: 403 });
      }
    },
    SCRYPT_HEAVY,
  );

  it(
    'edits name, phone, location, center and role, audited with what changed',
    async () => {
      const { user } = await activeUser('center_admin');
      const edited = await send('PATCH', `/users/${user.id}`, admin(), {
        name: 'Renamed Person',
        phone: '+1 555 0199',
        location: 'Denver, CO',
        centerId: f.orgB,
        role: 'parent',
      });
      expect(edited).toMatchObject({
        status: 200,
        body: {
          data: {
            name: 'Renamed Person',
            phone: '+1 555 0199',
            location: 'Denver, CO',
            center: { id: f.orgB },
            role: 'parent',
            roleName: 'Parent',
          },
        },
      });
      const record = (await auditRows(suite.database)).findLast(
        (r) => r.resourceId === user.id && r.resource === 'user' && r.action === 'UPDATE',
      );
      expect(record?.details).toMatchObject({
        changes: {
          role: { from: 'center_admin', to: 'parent' },
          name: { from: 'Pat Person', to: 'Renamed Person' },
        },
      });
      const members = await send('GET', `/organizations/${f.orgB}/members`, ownerOfB);
      expect(
        (members.body.data as { userId: string; role: string }[]).find((m) => m.userId === user.id),
      ).toMatchObject({ role: 'viewer' });
      const badRole = await send('PATCH', `/users/${user.id}`, admin(), { role: 'nope' });
      expect(badRole).toMatchObject({ status: 400, body: { error: ERRORS.roleNotFound } });
      const unknownField = await send('PATCH', `/users/${user.id}`, admin(), { status: 'active' });
      expect(unknownField.status).toBe(400);
    },
    SCRYPT_HEAVY,
  );

  it(
    'a reset link replaces the older one, sets the password and ends every session',
    async () => {
      const { user, token } = await activeUser();
      const first = (await send('POST', `/users/${user.id}/password-reset`, admin())).body
        .data as OneTimeLinkData;
      const second = (await send('POST', `/users/${user.id}/password-reset`, admin())).body
        .data as OneTimeLinkData;
      expect(await accept(first.token!, 'Another-Secret-1')).toMatchObject({
        status: 400,
        body: { error: USER_TEXTS.linkInvalid },
      });
      clock.advance(1);
      const reset = await accept(second.token!, 'Another-Secret-1');
      expect(reset).toMatchObject({ status: 200, body: { data: { kind: 'reset' } } });
      expect((await send('POST', '/auth/verify', token)).status).toBe(401);
      expect((await login(suite.app, user.email, NEW_PASSWORD)).status).toBe(401);
      expect((await login(suite.app, user.email, 'Another-Secret-1')).status).toBe(200);
      const audited = (await auditRows(suite.database)).filter((r) => r.resourceId === user.id);
      expect(audited.map((r) => r.resource)).toEqual(expect.arrayContaining(['user_password', 'invitation']));
    },
    SCRYPT_HEAVY,
  );

  it(
    "organization invitations use the same acceptance and respect the plan's user limit",
    async () => {
      const invitee = email();
      const invited = await send('POST', `/organizations/${f.orgB}/invites`, ownerOfB, {
        email: invitee,
        role: 'operator',
      });
      expect(invited.status).toBe(200);
      const { delivery } = invited.body.data as { delivery: OneTimeLinkData };
      expect(Date.parse(delivery.expiresAt)).toBe(clock.now() + ONE_TIME_LINK_LIFETIME_MS);
      const joined = await accept(delivery.token!, NEW_PASSWORD, { name: 'Ivy Invitee' });
      expect(joined).toMatchObject({
        status: 200,
        body: { data: { kind: 'organization', organizationId: f.orgB } },
      });
      const members = (await send('GET', `/organizations/${f.orgB}/members`, ownerOfB)).body.data as {
        user: { email: string };
        role: string;
      }[];
      expect(members.find((m) => m.user.email === invitee)).toMatchObject({ role: 'operator' });
      expect(await accept(delivery.token!)).toMatchObject({ status: 400 });

      // Fill orgB to its plan limit (10): the next invitation is refused with the limit named.
      const [org] = await suite.database.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.organizationId, f.orgB), eq(memberships.status, 'active')));
      const free = 10 - org!.n;
      const tokens: string[] = [];
      for (let i = 0; i < free; i++) {
        const more = await send('POST', `/organizations/${f.orgB}/invites`, ownerOfB, {
          email: email(),
          role: 'viewer',
        });
        expect(more.status).toBe(200);
        tokens.push((more.body.data as { delivery: OneTimeLinkData }).delivery.token!);
      }
      const full = await send('POST', `/organizations/${f.orgB}/invites`, ownerOfB, {
        email: email(),
        role: 'viewer',
      });
      expect(full).toMatchObject({
        status: 409,
        body: { message: formatError(USER_TEXTS.userLimitReached, { limit: 10 }) },
      });
      const addToFull = await send('POST', '/users', admin(), {
        name: 'X',
        email: email(),
        role: 'staff',
        centerId: f.orgB,
      });
      expect(addToFull).toMatchObject({ status: 409 });
    },
    SCRYPT_HEAVY,
  );
});
