import type { AppInfo, ServerStatus } from '../../shared/bridge/contract';
import { LAUNCH_SECRET_HEADER } from '../../shared/constants';
import { BridgeFailure } from './bridge/failure';
import { createAlertFeed, type AlertFeed } from './alerts/feed';
import { createAlertRelay, type AlertRelay } from './alerts/relay';
import { noTray, silentNotifier, type Notifier, type Tray } from './alerts/shell';
import { createHandlers, type Handlers } from './bridge/handlers';
import { createBridgeEventBus, type BridgeEventBus } from './bridge/events';
import { createGatewayClient, type GatewayClient } from './clients/gateway-client';
import { createOrganizationClient, type OrganizationClient } from './clients/organization-client';
import { clientUrls, type ConsoleConfig } from './config';
import { NetworkError } from './clients/errors';
import { logDirOf } from './log-file';
import { describeError, type Logger } from './logger';
import {
  createLaunchSecret,
  startEmbeddedServer,
  type RunningServer,
  type StartServer,
} from './server/embedded';
import { superviseEmbeddedServer, type EmbeddedServerSupervisor } from './server/supervisor';
import { openExportDownload } from './save/export-download';
import type { SaveDialog } from './save/save-dialog';
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
  /** Where the host's log files are (shown in the About panel); default `<dataDir>/logs`. */
  logDir?: string;
  logger: Logger;
  /** Needed when `config.embeddedServer`; injected so the core does not load the server otherwise. */
  startServer?: StartServer;
  /** The build's demo database, extracted here on a first launch while the server thread loads. */
  demoSnapshotFile?: string;
  /** HTTP timeout of both clients (defaults to 30 s). */
  timeoutMs?: number;
  /**
   * Where saved files go: the native dialog (Electron) or a download for the page (browser host). Both
   * hosts give one; without it (tests of other parts) saving answers a failure.
   */
  saveDialog?: SaveDialog;
  /** Desktop notifications of critical and high alerts; the host's (none by default). */
  notifier?: Notifier;
  /** The tray's count of undismissed alerts; the host's (none by default). */
  tray?: Tray;
}

/** Everything host-agnostic, wired: what each host binds to its transport (IPC or HTTP). */
export interface ConsoleCore {
  store: SessionStore;
  gateway: GatewayClient;
  organizations: OrganizationClient;
  events: BridgeEventBus;
  handlers: Handlers;
  /** The alert banner's alerts, fed by the relay from the server's stream. */
  alerts: AlertFeed;
  relay: AlertRelay;
  /** Resolves once the base addresses are known (after the embedded server listens, if any). */
  appInfo(): Promise<AppInfo>;
  /** Whether the console runs its own server with the demo dataset (known before it listens). */
  demo: boolean;
  /**
   * The embedded server, when the core starts one, or null. The core answers before it listens, so
   * a host can serve the login page at once; calls that need the server wait for it.
   */
  server: Promise<RunningServer | null>;
  /** The embedded server's state now (`none` with a remote gateway); changes are pushed as 'app:serverStatus'. */
  serverStatus(): ServerStatus;
  /** The embedded server to call now (after a restart, the new one), or null with a remote gateway. */
  currentServer(): Promise<RunningServer | null>;
  close(): Promise<void>;
}

const unavailableSaveDialog: SaveDialog = {
  save: () => Promise.reject(new BridgeFailure('FAILED', 'Saving files is not available here')),
};

/** What a call answers when the embedded server could not start; the cause is in the log. */
export const EMBEDDED_SERVER_FAILED =
  "The console's embedded server could not start. See the log for the cause.";

export async function startConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  const { config, logger } = options;
  const logDir = options.logDir ?? logDirOf(options.dataDir);
  if (config.embeddedServer && !options.startServer) {
    throw new Error('No gateway configured and no embedded server available');
  }
  const events = createBridgeEventBus(logger);
  // The embedded server answers only requests carrying this launch's secret (issue 25); main adds it.
  // Set in the environment, scripts that know it may call the server too.
  const launchSecret = config.launchSecret ?? createLaunchSecret();
  const startServer = options.startServer;
  const supervisor: EmbeddedServerSupervisor | null =
    config.embeddedServer && startServer
      ? superviseEmbeddedServer({
          start: () =>
            startEmbeddedServer(
              config,
              {
                dataDir: options.dataDir,
                logDir,
                launchSecret,
                ...(options.demoSnapshotFile ? { demoSnapshotFile: options.demoSnapshotFile } : {}),
              },
              startServer,
              logger,
            ),
          logger,
          onStatus: (status) => events.emit('app:serverStatus', status),
        })
      : null;
  const server: Promise<RunningServer | null> = supervisor?.first ?? Promise.resolve(null);
  // Logged once here; each call that needs the server answers EMBEDDED_SERVER_FAILED.
  server.catch((error: unknown) => logger.error('The embedded server did not start', error));
  const currentServer = () => supervisor?.current() ?? Promise.resolve(null);
  const running = async () => {
    try {
      return await currentServer();
    } catch (error) {
      throw new NetworkError(EMBEDDED_SERVER_FAILED, { cause: error });
    }
  };
  const urls = async () => clientUrls(config, (await running())?.url);
  /** Every request of main's clients: to the embedded server, with the launch secret; elsewhere, as it is. */
  const clientFetch: typeof fetch = async (input, init) => {
    const server = supervisor ? await running() : null;
    const url = input instanceof Request ? input.url : String(input);
    if (!server || new URL(url).origin !== new URL(server.url).origin) return fetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(LAUNCH_SECRET_HEADER, launchSecret);
    return fetch(input, { ...init, headers });
  };
  const store = createSessionStore({ kv: options.kv, encryptor: options.encryptor, logger });
  if (!store.persistsToken) logger.warn('No secure storage for the session: you will sign in at each launch');

  const alerts = createAlertFeed({
    events,
    notifier: options.notifier ?? silentNotifier,
    tray: options.tray ?? noTray,
    kv: options.kv,
    logger,
  });
  // Part 1 §4: any 401 clears the token (the client did) and sends the renderer to /login; the alert
  // stream stops with the session.
  const onUnauthorized = (message: string) => {
    relay.sync();
    events.emit('auth:expired', { message });
  };
  const gateway = createGatewayClient({
    baseUrl: async () => (await urls()).gatewayUrl,
    tokens: store,
    onUnauthorized,
    timeoutMs: options.timeoutMs,
    fetch: clientFetch,
  });
  const organizations = createOrganizationClient({
    baseUrl: async () => (await urls()).organizationApiUrl,
    tokens: store,
    onUnauthorized,
    timeoutMs: options.timeoutMs,
    fetch: clientFetch,
  });
  const demo = config.embeddedServer && config.seedDemo;
  const appInfo = async (): Promise<AppInfo> => ({
    host: options.host,
    version: options.version,
    ...(await urls()),
    embeddedServer: config.embeddedServer,
    demo,
    dataDir: options.dataDir,
    logDir,
  });
  const openDownload = (downloadUrl: string) =>
    openExportDownload(
      {
        baseUrl: async () => (await urls()).gatewayUrl,
        tokens: store,
        onUnauthorized,
        timeoutMs: options.timeoutMs,
        fetch: clientFetch,
      },
      downloadUrl,
    );
  const relay: AlertRelay = createAlertRelay({
    baseUrl: async () => (await urls()).gatewayUrl,
    tokens: store,
    onUnauthorized,
    feed: alerts,
    logger,
    fetch: clientFetch,
  });
  const handlers = createHandlers({
    store,
    gateway,
    organizations,
    events,
    appInfo,
    serverStatus: () => supervisor?.status() ?? { state: 'none', restarts: 0 },
    logger,
    saveDialog: options.saveDialog ?? unavailableSaveDialog,
    openDownload,
    alerts,
    relay,
  });

  let closing: Promise<void> | undefined;
  return {
    store,
    gateway,
    organizations,
    events,
    handlers,
    alerts,
    relay,
    appInfo,
    demo,
    server,
    serverStatus: () => supervisor?.status() ?? { state: 'none', restarts: 0 },
    currentServer,
    close() {
      closing ??= (async () => {
        relay.stop();
        // A server that failed to start has nothing to stop (and was logged).
        if (!supervisor || !(await server.catch(() => null))) return;
        try {
          await supervisor.close();
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
