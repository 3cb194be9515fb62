import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, integrations, organizations } from '../db/schema';

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegration = typeof integrations.$inferInsert;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

export async function findIntegrationRow(db: Db, id: string): Promise<IntegrationRow | undefined> {
  const [found] = await db.select().from(integrations).where(eq(integrations.id, id));
  return found;
}

export async function insertIntegration(db: Db, values: NewIntegration): Promise<void> {
  await db.insert(integrations).values(values);
}

export async function deleteIntegration(db: Db, id: string): Promise<void> {
  await db.delete(integrations).where(eq(integrations.id, id));
}

/** Switches an endpoint on or off by hand; `found` is its row as it was. */
export async function setIntegrationEnabled(
  db: Db,
  found: Pick<IntegrationRow, 'id' | 'lastSyncAt'>,
  enabled: boolean,
): Promise<void> {
  await db
    .update(integrations)
    .set(
      enabled
        ? // Enabled again: a fresh start, its run of failures forgotten until the next one.
          { status: found.lastSyncAt ? 'active' : 'pending', statusReason: null, failingSince: null }
        : { status: 'inactive', statusReason: 'Disabled by an administrator.' },
    )
    .where(eq(integrations.id, found.id));
}

/** Stores a new signing secret; the previous one keeps signing until `previousSecretUntil`. */
export async function rotateIntegrationSecret(
  db: Db,
  id: string,
  secrets: { secretSealed: string; previousSecretSealed: string | null; previousSecretUntil: Date },
): Promise<void> {
  await db.update(integrations).set(secrets).where(eq(integrations.id, id));
}

export async function organizationExists(db: Db, id: string): Promise<boolean> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  return Boolean(org);
}

export async function findApiKeyRow(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [found] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return found;
}

export async function insertApiKey(db: Db, values: NewApiKey): Promise<void> {
  await db.insert(apiKeys).values(values);
}

/** Points the old key at its successor and cuts its life to the grace period's end. */
export async function markApiKeyReplaced(
  db: Db,
  id: string,
  replacement: { replacedBy: string; expiresAt: Date },
): Promise<void> {
  await db.update(apiKeys).set(replacement).where(eq(apiKeys.id, id));
}

/** Revokes the key unless it already was; answers whether this call revoked it. */
export async function revokeApiKey(db: Db, id: string, at: Date): Promise<boolean> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return Boolean(revoked);
}
