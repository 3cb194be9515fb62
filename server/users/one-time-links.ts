import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { OneTimeLinkData } from '../../shared/api/users';
import { ONE_TIME_LINK_LIFETIME_MS, oneTimeLink } from '../../shared/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { oneTimeTokens, users, type UserRow } from '../db/schema';
import { sendMail } from '../mail/mailer';

export type OneTimeKind = (typeof oneTimeTokens.$inferInsert)['kind'];

/** 256 random bits: the link is the secret; only its sha256 is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a link for the user; an older unused one is superseded (used now), so only the newest works. */
export async function issueOneTimeToken(
  db: Db,
  input: { userId: string; kind: OneTimeKind; createdBy: string; now: number },
): Promise<{ token: string; expiresAt: Date }> {
  const at = new Date(input.now);
  await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.userId, input.userId), isNull(oneTimeTokens.usedAt)));
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(input.now + ONE_TIME_LINK_LIFETIME_MS);
  await db.insert(oneTimeTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash,
    expiresAt,
    createdBy: input.createdBy,
    createdAt: at,
  });
  return { token, expiresAt };
}

/** The link whose token has this sha256, whatever its state, and its user. */
export async function findOneTimeLink(
  db: Db,
  tokenHash: string,
): Promise<{ token: typeof oneTimeTokens.$inferSelect; user: UserRow } | undefined> {
  const [link] = await db
    .select({ token: oneTimeTokens, user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(eq(oneTimeTokens.tokenHash, tokenHash));
  return link;
}

/** Marks the link used if it is still usable at `at`; answers false when it no longer was. */
export async function markOneTimeTokenUsed(db: Db, tokenId: string, at: Date): Promise<boolean> {
  // Used once, even by two racing requests: only one of them marks it.
  const marked = await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, at)))
    .returning({ id: oneTimeTokens.id });
  return marked.length > 0;
}

const SUBJECTS: Record<OneTimeKind | 'organization', string> = {
  invitation: 'You are invited to the Operations Console',
  reset: 'Set a new password for the Operations Console',
  organization: 'You are invited to join {organization}',
};

/**
 * Mails the link when SMTP is configured, else answers it once to whoever asked for it. Without the console's public address the
 * mail carries the token for the set-password screen, and the admin's console composes the link itself.
 */
export async function deliverOneTimeLink(
  ctx: ServerContext,
  input: {
    email: string;
    name: string;
    kind: OneTimeKind | 'organization';
    token: string;
    expiresAt: Date;
    organization?: string;
  },
): Promise<OneTimeLinkData> {
  const link = ctx.config.consolePublicUrl ? oneTimeLink(ctx.config.consolePublicUrl, input.token) : null;
  const subject = SUBJECTS[input.kind].replace('{organization}', input.organization ?? '');
  const purpose =
    input.kind === 'reset'
      ? 'to set a new password'
      : input.kind === 'organization'
        ? `to join ${input.organization ?? 'the organization'}`
        : 'to set your password and activate your account';
  const where = link ?? `the console's Set password screen, with this code: ${input.token}`;
  const outcome = await sendMail(ctx, {
    to: input.email,
    subject,
    text: [
      `Hello ${input.name},`,
      '',
      `Open ${where} ${purpose}.`,
      `The link works once and expires on ${input.expiresAt.toISOString()}.`,
    ].join('\n'),
  });
  // Issue 25: the link is the invitee's once mailed; whoever asked for it sees it only when no mail went out.
  return {
    token: outcome.sent ? null : input.token,
    link: outcome.sent ? null : link,
    expiresAt: input.expiresAt.toISOString(),
    emailed: outcome.sent,
    emailNote: outcome.sent ? null : outcome.reason,
  };
}
