import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { userEndpoints } from '../../../shared/api';
import { USER_TEXTS } from '../../../shared/users';
import { hashPassword, verifyPassword } from '../../auth/password';
import { assertPasswordPolicy } from '../../auth/password-policy';
import { findUserByEmail } from '../../auth/users';
import type { ServerContext } from '../../context';
import { invites, memberships, oneTimeTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Route } from '../../http/router';
import { assertSeatAvailable, isMember } from '../../users/guards';
import { hashToken } from '../../users/one-time-links';

/** Unknown, used, superseded and expired links answer alike: a link's state is nobody's business. */
const linkInvalid = () => new HttpError(400, USER_TEXTS.linkInvalid);

/**
 * One acceptance for every one-time link (issue 13): the users screen's invitation (the pending account
 * sets its password and becomes active), its password reset (every earlier session ends), and the
 * organization screen's invitation (the invitee joins with the invited role, within the plan's limit).
 */
export function registerAcceptanceRoute(route: Route, ctx: ServerContext): void {
  const now = () => ctx.config.now();

  route(userEndpoints.acceptInvitation, async ({ body, audit }) => {
    const tokenHash = hashToken(body.token);
    const at = new Date(now());
    const [link] = await ctx.db
      .select({ token: oneTimeTokens, user: users })
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(eq(oneTimeTokens.tokenHash, tokenHash));
    if (link) {
      const { token, user } = link;
      audit.note({
        actor: { userId: user.id, userName: user.name, userEmail: user.email },
        resourceId: user.id,
        details: { kind: token.kind },
      });
      const usable = token.usedAt === null && token.expiresAt > at;
      if (!usable || (token.kind === 'invitation' && user.status !== 'pending')) throw linkInvalid();
      await assertPasswordPolicy(ctx, body.password);
      const passwordHash = await hashPassword(body.password);
      await ctx.db.transaction(async (tx) => {
        // Used once, even by two racing requests: only one of them marks it.
        const marked = await tx
          .update(oneTimeTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(oneTimeTokens.id, token.id),
              isNull(oneTimeTokens.usedAt),
              gt(oneTimeTokens.expiresAt, at),
            ),
          )
          .returning({ id: oneTimeTokens.id });
        if (marked.length === 0) throw linkInvalid();
        await tx
          .update(users)
          .set({
            passwordHash,
            // A reset ends every session; an invitation has none yet.
            tokensValidAfter: at,
            updatedAt: at,
            ...(token.kind === 'invitation' ? { status: 'active' as const } : {}),
          })
          .where(eq(users.id, user.id));
        await audit.record(tx);
      });
      return { email: user.email, kind: token.kind, organizationId: null };
    }

    const [invite] = await ctx.db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
    if (!invite) throw linkInvalid();
    audit.note({
      actor: { userId: null, userName: null, userEmail: invite.email },
      organizationId: invite.organizationId,
      details: { kind: 'organization', role: invite.role },
    });
    if (invite.status !== 'pending' || invite.expiresAt <= at) throw linkInvalid();

    // An existing account proves itself with its password; a new one (or a pending one) sets it here.
    const existing = await findUserByEmail(ctx.db, invite.email);
    const settingPassword = !existing || existing.user.status === 'pending';
    if (settingPassword) {
      await assertPasswordPolicy(ctx, body.password);
    } else if (!(await verifyPassword(body.password, existing.user.passwordHash))) {
      throw new HttpError(400, USER_TEXTS.inviteeExists);
    }
    const passwordHash = settingPassword ? await hashPassword(body.password) : undefined;
    const userId = existing?.user.id ?? randomUUID();
    audit.note({ actor: { userId, userName: existing?.user.name ?? null, userEmail: invite.email } });

    await ctx.db.transaction(async (tx) => {
      const accepted = await tx
        .update(invites)
        .set({ status: 'accepted' })
        .where(and(eq(invites.id, invite.id), eq(invites.status, 'pending')))
        .returning({ id: invites.id });
      if (accepted.length === 0) throw linkInvalid();
      if (!existing) {
        await tx.insert(users).values({
          id: userId,
          email: invite.email,
          name: body.name ?? invite.email.split('@')[0] ?? invite.email,
          passwordHash: passwordHash!,
          status: 'active',
          // Organization members use the platform, not this console: the role without console access.
          role: 'staff',
          centerId: invite.organizationId,
          createdAt: at,
          updatedAt: at,
        });
      } else if (passwordHash) {
        await tx
          .update(users)
          .set({ passwordHash, status: 'active', tokensValidAfter: at, updatedAt: at })
          .where(eq(users.id, userId));
      }
      if (!(await isMember(tx, invite.organizationId, userId))) {
        await assertSeatAvailable(tx, invite.organizationId, now(), { inviteId: invite.id });
        await tx.insert(memberships).values({
          organizationId: invite.organizationId,
          userId,
          role: invite.role,
          joinedAt: at,
        });
      }
      await audit.record(tx, { resourceId: userId });
    });
    return { email: invite.email, kind: 'organization' as const, organizationId: invite.organizationId };
  });
}
