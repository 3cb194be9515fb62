/**
 * API keys seen by this instance, by hash, kept until the database announces a change to them: the
 * api_keys trigger (migration integrations_sql) sends the key's id on the "api_keys" channel when a key
 * is revoked, expired early or deleted (the principal cache's mechanism), so a revoked key is refused on
 * its next call on every instance. The key's creator (whose permissions bound the key's) comes from the principal cache, which
 * follows changes to users and roles the same way.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRINCIPAL_TTL_MS } from '../auth/principals';
import { createExpiringLru } from '../auth/lru';
import type { Database } from '../db/client';
import { apiKeys } from '../db/schema';
import { performance } from 'node:perf_hooks';

/** The NOTIFY channel of the api_keys trigger in migration integrations_sql. */
export const API_KEY_CHANNEL = 'api_keys';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface ApiKeyCache {
  /** The key with this hash, or undefined when there is none. */
  byHash(hash: string): Promise<ApiKeyRow | undefined>;
  /** Drops a key at once on this instance (the others hear the trigger). */
  forget(id: string): void;
  close(): Promise<void>;
}

export async function createApiKeyCache(database: Database, logger: FastifyBaseLogger): Promise<ApiKeyCache> {
  const cache = createExpiringLru<string, ApiKeyRow>(10_000, () => performance.now());
  let listening = true;
  let epoch = 0;
  const forget = (id: string) => {
    epoch++;
    cache.deleteWhere((row) => row.id === id);
  };
  const unlisten = await database.listen(API_KEY_CHANNEL, (payload) => forget(payload), {
    onLost() {
      listening = false;
      epoch++;
      cache.clear();
      logger.warn('API key cache: LISTEN connection lost, reading the database on every call');
    },
    onRestored() {
      epoch++;
      cache.clear();
      listening = true;
    },
  });
  return {
    async byHash(hash) {
      const cached = listening ? cache.get(hash) : undefined;
      if (cached) return cached;
      const startedAt = epoch;
      const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.hash, hash));
      if (row && listening && epoch === startedAt) cache.set(hash, row, PRINCIPAL_TTL_MS);
      return row;
    },
    forget,
    async close() {
      cache.clear();
      await unlisten().catch((error: unknown) =>
        logger.warn({ err: error }, 'stopping the API key LISTEN failed'),
      );
    },
  };
}
