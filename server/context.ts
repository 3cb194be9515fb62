import type { FastifyBaseLogger } from 'fastify';
import type { ChallengeService } from './auth/challenge';
import type { PrincipalCache } from './auth/principals';
import type { LoginThrottle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db, DatabaseKind } from './db/client';
import type { ApiKeyCache } from './integrations/api-key-cache';
import type { WebhookService } from './integrations/service';
import type { SecretBox } from './security/secret-box';
import type { SettingsStore } from './settings/store';

/** What route handlers need, built once by buildApp and handed to each route module. */
export interface ServerContext {
  db: Db;
  databaseKind: DatabaseKind;
  config: ServerConfig;
  tokens: TokenService;
  /** The two-factor sign-in's second-step challenges (issue 13). */
  challenges: ChallengeService;
  throttle: LoginThrottle;
  /** Users, their role's permissions and memberships, kept in memory until the database announces a change. */
  principals: PrincipalCache;
  /** The system settings in force (part 2 §2), kept current on every instance. */
  settings: SettingsStore;
  /** API keys by hash, dropped when the database announces a change (server/integrations). */
  apiKeys: ApiKeyCache;
  /** Webhook events and their deliveries: `ctx.webhooks.emit(type, data)` where something happens. */
  webhooks: WebhookService;
  /** Seals secrets at rest (server/security/secret-box.ts). */
  secrets: SecretBox;
  /** The server's log: causes that an answer does not show (an SMTP connection's failure). */
  log: FastifyBaseLogger;
}
