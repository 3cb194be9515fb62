import type { AppInfo } from '../../shared/bridge/contract';
import { createHandlers, type Handlers } from './bridge/handlers';
import { createBridgeEventBus, type BridgeEventBus } from './bridge/events';
import { createGatewayClient, type GatewayClient } from './clients/gateway-client';
import { createOrganizationClient, type OrganizationClient } from './clients/organization-client';
import { clientUrls, type ConsoleConfig } from './config';
import { describeError, type Logger } from './logger';
import { startEmbeddedServer, type RunningServer, type StartServer } from './server/embedded';
import type { Encryptor } from './store/encryptor';
import type { KeyValue } from './store/key-value';
import { createSessionStore, type SessionStore } from './store/session-store';

export interface ConsoleCoreOptions {
  host: AppInfo['host'];
  version: string;
  config: ConsoleConfig;
  kv: KeyValue;
  encryptor: Encryptor;
  /** The host's data directory; the embedded database lives in `<dataDir>/database`. */
  dataDir: string;
  logger: Logger;
  /** Needed when `config.embeddedServer`; injected so the core does not load the server otherwise. */
  startServer?: StartServer;
  /** HTTP timeout of both clients (defaults to 30 s). */
  timeoutMs?: number;
}

/** Everything host-agnostic, wired: what each host binds to its transport (IPC or HTTP). */
export interface ConsoleCore {
  store: SessionStore;
  gateway: GatewayClient;
  organizations: OrganizationClient;
  events: BridgeEventBus;
  handlers: Handlers;
  appInfo: AppInfo;
  /** The embedded server, when the core started one. */
  server: RunningServer | null;
  close(): Promise<void>;
}

export async function startConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  const { config, logger } = options;
  let server: RunningServer | null = null;
  if (config.embeddedServer) {
    if (!options.startServer) throw new Error('No gateway configured and no embedded server available');
    server = await startEmbeddedServer(config, options.dataDir, options.startServer, logger);
  }
  const urls = clientUrls(config, server?.url);
  const store = createSessionStore({ kv: options.kv, encryptor: options.encryptor, logger });
  const events = createBridgeEventBus(logger);
  if (!store.persistsToken) logger.warn('No secure storage for the session: you will sign in at each launch');

  // Part 1 §4: any 401 clears the token (the client did) and sends the renderer to /login.
  const onUnauthorized = (message: string) => events.emit('auth:expired', { message });
  const gateway = createGatewayClient({
    baseUrl: urls.gatewayUrl,
    tokens: store,
    onUnauthorized,
    timeoutMs: options.timeoutMs,
  });
  const organizations = createOrganizationClient({
    baseUrl: urls.organizationApiUrl,
    tokens: store,
    onUnauthorized,
    timeoutMs: options.timeoutMs,
  });
  const appInfo: AppInfo = {
    host: options.host,
    version: options.version,
    gatewayUrl: urls.gatewayUrl,
    organizationApiUrl: urls.organizationApiUrl,
    embeddedServer: server !== null,
    demo: server !== null && config.seedDemo,
  };
  const handlers = createHandlers({ store, gateway, events, appInfo: () => appInfo, logger });

  let closing: Promise<void> | undefined;
  return {
    store,
    gateway,
    organizations,
    events,
    handlers,
    appInfo,
    server,
    close() {
      closing ??= (async () => {
        if (!server) return;
        try {
          await server.close();
          logger.info('Embedded server stopped');
        } catch (error) {
          logger.error('Stopping the embedded server failed', error);
          throw new Error(`Stopping the embedded server failed: ${describeError(error)}`, { cause: error });
        }
      })();
      return closing;
    },
  };
}
