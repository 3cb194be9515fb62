import { randomUUID } from 'node:crypto';
import { userEndpoints, type AcceptInvitationBody } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { USER_TEXTS } from '../../shared/users';
import type { Auditor } from '../audit';
import { hashPassword } from '../auth/password';
import { assertPasswordPolicy } from '../auth/password-policy';
import { linkThrottleKeys } from '../auth/throttle';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { apiKeyCallerOf } from '../integrations/api-key-auth';
import { assertSeatAvailable, isMember } from './guards';
import { findOneTimeLink, hashToken, markOneTimeTokenUsed } from './one-time-links';
import {
  findInviteByTokenHash,
  insertMembership,
  insertUser,
  markInviteAccepted,
  setPasswordFromLink,
  type InviteRow,
  type NewUser,
} from './store';
import { throttled } from '../auth/sign-in';

/** Unknown, used, superseded and expired links answer alike: a link's state is nobody's business. */
const linkInvalid = () => new HttpError(400, USER_TEXTS.linkInvalid);

type Accepted = {
  email: string;
  kind: 'invitation' | 'reset' | 'organization';
  organizationId: string | null;
};

/**
 * One acceptance for every one-time link (issue 13): the users screen's invitation (the pending account
 * sets its password and becomes active), its password reset (every earlier session ends), and the
 * organization screen's invitation. Issue 25: an organization invitation only ever creates a new
 * account; it never sets nor checks the password of one that exists (a pending platform account is
 * activated by its own invitation alone), and an existing account joins by `POST /invitations/join`,
 * signed in as itself. Every use is throttled per address: an unusable link counts as a failed attempt.
 */
export function registerAcceptanceRoute(route: Route, ctx: ServerContext): void {
  const now = () => ctx.config.now();

  /**
   * The invitation behind a token while it can still be used, else undefined (and the attempt counts).
   * Signed out, the record names the invitee; signed in, the session.
   */
  const usableInvite = async (
    token: string,
    audit: Auditor,
    signedOut: boolean,
  ): Promise<InviteRow | undefined> => {
    const invite = await findInviteByTokenHash(ctx.db, hashToken(token));
    if (!invite) return undefined;
    audit.note({
      ...(signedOut ? { actor: { userId: null, userName: null, userEmail: invite.email } } : {}),
      organizationId: invite.organizationId,
      details: { kind: 'organization', role: invite.role },
    });
    return invite.status === 'pending' && invite.expiresAt > new Date(now()) ? invite : undefined;
  };

  /** Marks the invitation accepted (once, even under a race) and makes the user a member. */
  const join = async (
    invite: InviteRow,
    userId: string,
    audit: Auditor,
    newAccount?: NewUser,
  ): Promise<Accepted> => {
    await ctx.db.transaction(async (tx) => {
      if (!(await markInviteAccepted(tx, invite.id))) throw linkInvalid();
      if (newAccount) await insertUser(tx, newAccount);
      if (!(await isMember(tx, invite.organizationId, userId))) {
        await assertSeatAvailable(tx, invite.organizationId, now(), { inviteId: invite.id });
        await insertMembership(tx, {
          organizationId: invite.organizationId,
          userId,
          role: invite.role,
          joinedAt: new Date(now()),
        });
      }
      await audit.record(tx, { resourceId: userId });
    });
    return { email: invite.email, kind: 'organization', organizationId: invite.organizationId };
  };

  const useUserLink = async (
    body: AcceptInvitationBody,
    audit: Auditor,
  ): Promise<Accepted | undefined | 'not a user link'> => {
    const at = new Date(now());
    const link = await findOneTimeLink(ctx.db, hashToken(body.token));
    if (!link) return 'not a user link';
    const { token, user } = link;
    audit.note({
      actor: { userId: user.id, userName: user.name, userEmail: user.email },
      resourceId: user.id,
      details: { kind: token.kind },
    });
    const usable = token.usedAt === null && token.expiresAt > at;
    if (!usable || (token.kind === 'invitation' && user.status !== 'pending')) return undefined;
    await assertPasswordPolicy(ctx, body.password);
    const passwordHash = await hashPassword(body.password);
    await ctx.db.transaction(async (tx) => {
      if (!(await markOneTimeTokenUsed(tx, token.id, at))) throw linkInvalid();
      await setPasswordFromLink(tx, user.id, { passwordHash, at, activate: token.kind === 'invitation' });
      await audit.record(tx);
    });
    return { email: user.email, kind: token.kind, organizationId: null };
  };

  const accept = async (body: AcceptInvitationBody, audit: Auditor): Promise<Accepted | undefined> => {
    const used = await useUserLink(body, audit);
    if (used !== 'not a user link') return used;

    const invite = await usableInvite(body.token, audit, true);
    if (!invite) return undefined;
    // Whoever holds the link may only make a new account: an existing one (pending ones too) is never
    // given a password here, and its password is never checked here either (no oracle).
    if (await findUserByEmail(ctx.db, invite.email)) throw new HttpError(409, USER_TEXTS.inviteeExists);
    await assertPasswordPolicy(ctx, body.password);
    const passwordHash = await hashPassword(body.password);
    const userId = randomUUID();
    const at = new Date(now());
    audit.note({ actor: { userId, userName: null, userEmail: invite.email } });
    return join(invite, userId, audit, {
      id: userId,
      email: invite.email,
      name: body.name ?? invite.email.split('@')[0] ?? invite.email,
      passwordHash,
      status: 'active',
      // Organization members use the platform, not this console: the role without console access.
      role: 'staff',
      centerId: invite.organizationId,
      createdAt: at,
      updatedAt: at,
    });
  };

  route(userEndpoints.acceptInvitation, async ({ body, request, audit }) => {
    const accepted = await throttled(ctx, linkThrottleKeys(request.ip), () => accept(body, audit), true);
    if (!accepted) throw linkInvalid();
    return accepted;
  });

  route(userEndpoints.joinOrganization, async ({ body, request, session, audit }) => {
    // A person accepts, not an integration: an API key acts for nobody's own email.
    if (apiKeyCallerOf(request)) throw new HttpError(403, ERRORS.authRequired);
    const me = session();
    const accepted = await throttled(
      ctx,
      linkThrottleKeys(request.ip),
      async () => {
        const invite = await usableInvite(body.token, audit, false);
        if (!invite) return undefined;
        if (invite.email !== normalizeEmail(me.email)) {
          throw new HttpError(403, USER_TEXTS.inviteForAnotherAccount);
        }
        return join(invite, me.userId, audit);
      },
      true,
    );
    if (!accepted) throw linkInvalid();
    return accepted;
  });
}
