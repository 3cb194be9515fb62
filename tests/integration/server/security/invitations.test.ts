/**
 * Issue 25, the critical hole: an organization invitation could set the password of any account whose
 * email it named (a pending super admin among them), and answered "wrong password" vs success for an
 * existing one (an unthrottled oracle). Now an invitation only ever creates a new account; an existing
 * one joins signed in as itself; every use of a link is throttled per address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OneTimeLinkData, PlatformUser } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { USER_TEXTS } from '../../../../shared/users';
import { invites, memberships, users } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, login, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const CHOSEN = 'Attacker-Chosen-2026!';
// Accepted links and sign-ins derive scrypt keys (128 MiB each): generous on a shared machine.
const SCRYPT_HEAVY = 120_000;

describe.each(testDatabases)('organization invitations against takeover on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let counter = 0;
  const email = () => `invitee-${++counter}-${Date.now()}@test.example`;
  const admin = () => tokenFor(suite.database, clock, f.platformAdmin.id);
  const ownerOfB = () => tokenFor(suite.database, clock, f.b.owner.id);

  const invite = async (to: string, remoteAddress = '127.0.0.1') => {
    const invited = await call(suite.app, {
      method: 'POST',
      url: `/organizations/${f.orgB}/invites`,
      headers: bearer(await ownerOfB()),
      payload: { email: to, role: 'viewer' },
      remoteAddress,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    return (invited.body.data as { delivery: OneTimeLinkData }).delivery;
  };
  const accept = (token: string, password = CHOSEN, remoteAddress = '10.25.0.1') =>
    call(suite.app, {
      method: 'POST',
      url: '/invitations/accept',
      payload: { token, password },
      remoteAddress,
    });
  const userRow = async (id: string) =>
    (await suite.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const inviteStatus = async (to: string) =>
    (await suite.database.db.select().from(invites).where(eq(invites.email, to)))[0]?.status;

  it(
    "a center admin's invitation cannot set the password of a pending super admin (the reported takeover)",
    async () => {
      const target = email();
      const created = await call(suite.app, {
        method: 'POST',
        url: '/users',
        headers: bearer(await admin()),
        payload: { name: 'New Super', email: target, role: 'super_admin' },
      });
      expect(created.status).toBe(200);
      const { user, invitation } = created.body.data as { user: PlatformUser; invitation: OneTimeLinkData };
      const before = await userRow(user.id);

      const delivery = await invite(target);
      const taken = await accept(delivery.token!);
      expect(taken).toMatchObject({ status: 409, body: { error: USER_TEXTS.inviteeExists } });
      const after = await userRow(user.id);
      expect(after).toMatchObject({ status: 'pending', passwordHash: before.passwordHash });
      expect((await login(suite.app, target, CHOSEN, '10.25.0.2')).status).toBe(401);
      expect(await inviteStatus(target)).toBe('pending');

      // Only the account's own invitation activates it.
      const own = await accept(invitation.token!, 'Own-Invitation-2026!');
      expect(own).toMatchObject({ status: 200, body: { data: { kind: 'invitation' } } });
      expect((await login(suite.app, target, 'Own-Invitation-2026!', '10.25.0.2')).status).toBe(200);
    },
    SCRYPT_HEAVY,
  );

  it(
    'an existing account is answered alike whatever the password: no oracle, and its password is unchanged',
    async () => {
      const existing = await insertUser(suite.database, 'app_owner');
      const delivery = await invite(existing.email);
      const wrong = await accept(delivery.token!, 'Not-Their-Password-1!');
      const right = await accept(delivery.token!, existing.password);
      expect(wrong).toMatchObject({ status: 409, body: { error: USER_TEXTS.inviteeExists } });
      expect({ status: right.status, body: right.body }).toEqual({ status: wrong.status, body: wrong.body });
      expect((await login(suite.app, existing.email, existing.password, '10.25.0.3')).status).toBe(200);
      expect(await inviteStatus(existing.email)).toBe('pending');
    },
    SCRYPT_HEAVY,
  );

  it('the invited account joins signed in as itself; nobody else can use its invitation', async () => {
    const invitee = await insertUser(suite.database, 'center_admin');
    const delivery = await invite(invitee.email);
    const join = async (userId: string, token = delivery.token!) =>
      call(suite.app, {
        method: 'POST',
        url: '/invitations/join',
        headers: bearer(await tokenFor(suite.database, clock, userId)),
        payload: { token },
        remoteAddress: '10.25.0.4',
      });

    const someoneElse = await join(f.outsider.id);
    expect(someoneElse).toMatchObject({ status: 403, body: { error: USER_TEXTS.inviteForAnotherAccount } });
    expect(await inviteStatus(invitee.email)).toBe('pending');

    const signedOut = await call(suite.app, {
      method: 'POST',
      url: '/invitations/join',
      payload: { token: delivery.token },
    });
    expect(signedOut.status).toBe(401);

    const joined = await join(invitee.id);
    expect(joined).toMatchObject({
      status: 200,
      body: { data: { kind: 'organization', organizationId: f.orgB, email: invitee.email } },
    });
    const [member] = await suite.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, invitee.id));
    expect(member).toMatchObject({ organizationId: f.orgB, role: 'viewer' });
    expect(await join(invitee.id)).toMatchObject({ status: 400, body: { error: USER_TEXTS.linkInvalid } });
  });

  it(
    'a new email still gets its own account from the invitation',
    async () => {
      const fresh = email();
      const delivery = await invite(fresh);
      expect(await accept(delivery.token!)).toMatchObject({ status: 200, body: { data: { email: fresh } } });
      expect((await login(suite.app, fresh, CHOSEN, '10.25.0.5')).status).toBe(403); // staff: no console
    },
    SCRYPT_HEAVY,
  );

  it('unusable links are throttled per address: the sixth is refused with Retry-After, elsewhere not', async () => {
    const guesser = '10.25.1.1';
    for (let i = 0; i < 5; i++) {
      const guess = await accept(`not-a-real-token-${i}-padding`, CHOSEN, guesser);
      expect(guess).toMatchObject({ status: 400, body: { error: USER_TEXTS.linkInvalid } });
    }
    const refused = await accept('not-a-real-token-6-padding', CHOSEN, guesser);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body.error).toBe(formatError(ERRORS.tooManyAttempts, { seconds: 30 }));
    // Parallel guesses from a fresh address: five are looked up, the rest refused before any work.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => accept(`burst-token-${i}-padding-xx`, CHOSEN, '10.25.1.2')),
    );
    expect(burst.filter((r) => r.status === 400)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
    expect((await accept('another-address-token-padding', CHOSEN, '10.25.1.3')).status).toBe(400);
  });
});
