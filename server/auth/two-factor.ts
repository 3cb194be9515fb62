import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup, TwoFactorStatus } from '../../shared/api/two-factor';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_TEXTS,
  isTotpCode,
  normalizeCode,
} from '../../shared/two-factor';
import type { Db } from '../db/client';
import { twoFactorRecoveryCodes, userTwoFactor, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { isSealed, type SecretBox } from '../security/secret-box';

/** 20 bytes: the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;
/** Recovery codes: two groups of five from an alphabet without look-alikes (0/o, 1/l/i): ~48 bits each. */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const RECOVERY_GROUP = 5;

function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step a code belongs to, within the window around `now`; undefined: no match. */
export function matchingStep(secret: string, code: string, now: number): number | undefined {
  const token = normalizeCode(code);
  if (!isTotpCode(token)) return undefined;
  const delta = totpOf(secret, '', '').validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

const hashCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

function newRecoveryCode(): string {
  const group = () =>
    Array.from({ length: RECOVERY_GROUP }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return `${group()}-${group()}`;
}

async function enrolment(db: Db, userId: string) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/**
 * The stored secret is sealed with the secret box, bound to its user, so a copy of the database alone
 * cannot mint codes. A value that is not sealed is one written before secrets were sealed: still read.
 */
const sealSecret = (box: SecretBox, userId: string, secret: string) =>
  box.seal(secret, `two-factor:${userId}`);
function openSecret(box: SecretBox, userId: string, stored: string): string {
  return isSealed(stored) ? box.open(stored, `two-factor:${userId}`) : stored;
}

export async function isEnrolled(db: Db, userId: string): Promise<boolean> {
  return Boolean((await enrolment(db, userId))?.confirmedAt);
}

export async function twoFactorStatus(db: Db, userId: string, required: boolean): Promise<TwoFactorStatus> {
  const row = await enrolment(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  const enrolledAt = row?.confirmedAt ?? null;
  return {
    enrolled: enrolledAt !== null,
    enrolledAt: enrolledAt?.toISOString() ?? null,
    recoveryCodesLeft: enrolledAt ? (left?.n ?? 0) : 0,
    required,
  };
}

/**
 * A new secret, waiting for its first code (it replaces an earlier setup never confirmed). Refused once
 * an authenticator is confirmed: replacing it takes an administrator's reset, not a stolen session.
 */
export async function startSetup(
  db: Db,
  box: SecretBox,
  user: { id: string; email: string },
  issuer: string,
): Promise<TwoFactorSetup> {
  if (await isEnrolled(db, user.id)) throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnrolled);
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  const row = { secret: sealSecret(box, user.id, secret), confirmedAt: null, lastUsedStep: null };
  const [stored] = await db
    .insert(userTwoFactor)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: row, where: isNull(userTwoFactor.confirmedAt) })
    .returning({ userId: userTwoFactor.userId });
  // Confirmed by a concurrent request between the check and the write.
  if (!stored) throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnrolled);
  const uri = totpOf(secret, issuer, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms the pending secret with its first code (wrong: 400, or `wrongCode`), and answers the ten
 * recovery codes: stored as hashes, answered this once. The code's step counts as used.
 */
export async function confirmSetup(
  db: Db,
  box: SecretBox,
  userId: string,
  code: string,
  now: number,
  wrongCode: HttpError = new HttpError(400, TWO_FACTOR_TEXTS.invalidCode),
): Promise<string[]> {
  const row = await enrolment(db, userId);
  if (!row || row.confirmedAt) throw new HttpError(409, TWO_FACTOR_TEXTS.noPendingSetup);
  const step = matchingStep(openSecret(box, userId, row.secret), code, now);
  if (step === undefined) throw wrongCode;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(userTwoFactor)
      .set({ confirmedAt: new Date(now), lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          eq(userTwoFactor.secret, row.secret),
          isNull(userTwoFactor.confirmedAt),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    if (!confirmed) throw new HttpError(409, TWO_FACTOR_TEXTS.noPendingSetup);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  });
  return codes;
}

/**
 * Checks a second factor of a confirmed enrolment: a TOTP code of a step newer than the last one used
 * (the conditional update makes a replay fail on every instance at once), or an unused recovery code,
 * used up by this call. False for anything else.
 */
export async function useSecondFactor(
  db: Db,
  box: SecretBox,
  userId: string,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await enrolment(db, userId);
  if (!row?.confirmedAt) return false;
  if (isTotpCode(code)) {
    const secret = openSecret(box, userId, row.secret);
    const step = matchingStep(secret, code, now);
    if (step === undefined) return false;
    const used = await db
      .update(userTwoFactor)
      // A secret stored before sealing is sealed on its first use.
      .set({
        lastUsedStep: step,
        ...(isSealed(row.secret) ? {} : { secret: sealSecret(box, userId, secret) }),
      })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          isNotNull(userTwoFactor.confirmedAt),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return used.length > 0;
  }
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashCode(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

/** Removes the authenticator and the recovery codes; false when there was none (even pending). */
export async function removeEnrolment(db: Db, userId: string): Promise<boolean> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const removed = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ userId: userTwoFactor.userId });
  return removed.length > 0;
}

/** Revokes the tokens of every user without a confirmed authenticator (two-factor just became required). */
export async function endSessionsWithoutTwoFactor(db: Db, now: number): Promise<number> {
  const at = new Date(now);
  const enrolled = db
    .select({ id: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(isNotNull(userTwoFactor.confirmedAt));
  const ended = await db
    .update(users)
    .set({ tokensValidAfter: at, updatedAt: at })
    .where(notInArray(users.id, enrolled))
    .returning({ id: users.id });
  return ended.length;
}
