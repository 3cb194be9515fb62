import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BROWSER_HOST_DEFAULT_PORT, TEST_RESET_PATH } from '../../shared/constants';
import {
  HTTP_BRIDGE,
  SAVE_CONTENT_MAX,
  type BridgeErrorCode,
  type BridgeResult,
} from '../../shared/bridge/contract';
import { handle } from '../core/bridge/handle';
import { readConfig, type ConsoleConfig, type Env } from '../core/config';
import { startConsoleCore, type ConsoleCore } from '../core/console-core';
import { attachLogFile, logDirOf } from '../core/log-file';
import { createConsoleLogger, createTeeLogger, describeError, type Logger } from '../core/logger';
import { distPaths, readVersion } from '../core/paths';
import { SECURITY_HEADERS } from '../core/security/csp';
import type { StartServer } from '../core/server/embedded';
import { openFileKeyEncryptor } from '../core/store/file-key-encryptor';
import { ensurePrivateDir, openConfStore } from '../core/store/open-conf';
import { counted } from '../core/save/save-dialog';
import { DOWNLOAD_PATH_PREFIX, createBrowserDownloads } from './downloads';
import { createEventStreams } from './event-stream';
import { SHELL_RECORD_PATH, createRecordingShell } from './shell';
import { putBackDataFolder } from './test-reset';
import {
  bridgeCookieHeader,
  createLaunchSecrets,
  isAllowedHost,
  isAllowedOrigin,
  readCookie,
  secretsEqual,
} from './guard';
import {
  contentTypeOf,
  plainPage,
  readForEncodings,
  readIndexHtml,
  resolveStaticFile,
  type ContentEncoding,
} from './static-files';

/** The largest bridge call: an 'export:save' of SAVE_CONTENT_MAX characters, JSON-escaped, plus room. */
const BRIDGE_BODY_LIMIT = SAVE_CONTENT_MAX * 2 + 64 * 1024;

export interface BrowserHostOptions {
  /** Data directory (store, key file, embedded database); created 0700. */
  dataDir: string;
  /** Default 5180; 0 picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  /** Configuration; read from `env` (default process.env) when not given. */
  config?: ConsoleConfig;
  env?: Env;
  /** Starts the embedded server when no gateway is configured (server/start.ts in production). */
  startServer?: StartServer;
  /** The build's demo database for a first launch (dist/server/pglite-demo.tar.gz in production). */
  demoSnapshotFile?: string;
  /** The renderer build and the bridge script; default: next to this bundle in dist/. */
  rendererDir?: string;
  bridgeScript?: string;
  logger?: Logger;
  version?: string;
  /** HTTP timeout of the clients (tests make it short). */
  timeoutMs?: number;
  /** Test builds only (test-reset.ts): the data folder a reset puts back. */
  resetFrom?: string;
}

export interface BrowserHost {
  /** The address to open, with the per-launch key: http://127.0.0.1:PORT/?key=SECRET */
  url: string;
  origin: string;
  port: number;
  core: ConsoleCore;
  /** The host's logger: the one given (stderr by default) and the log file. */
  logger: Logger;
  close(): Promise<void>;
}

/**
 * HTTP status of a bridge answer. Refusals of the request itself are 4xx; a handler's own outcome
 * (a wrong password, an expired session, any refusal by the server, which carries its `status`) is a
 * delivered answer, 200 with `ok: false` and the code, so the browser does not report a sign-in
 * mistake as a server error.
 */
const STATUS: Readonly<Record<BridgeErrorCode, number>> = {
  UNKNOWN_CHANNEL: 404,
  FORBIDDEN_SENDER: 403,
  INVALID: 400,
  AUTH_REQUIRED: 200,
  FORBIDDEN: 200,
  NOT_FOUND: 200,
  CONFLICT: 200,
  UNAVAILABLE: 200,
  FAILED: 200,
};

/**
 * The browser host: the same main/core served to a browser on loopback. Static renderer build
 * (with /bridge.js injected), `POST /bridge/<channel>` through the shared `handle()`, and
 * `GET /bridge-events` (SSE). Trust comes from the per-launch key exchanged for a cookie.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  // The host's logger (stderr by default) and its rotating file in `<dataDir>/logs`.
  const logger = createTeeLogger(options.logger ?? createConsoleLogger('browser-host'));
  const dist = distPaths(import.meta.url);
  const rendererDir = options.rendererDir ?? dist.rendererDir;
  const bridgeScript = options.bridgeScript ?? dist.browserBridge;
  const config = options.config ?? readConfig(options.env ?? process.env);

  ensurePrivateDir(options.dataDir);
  const logDir = logDirOf(options.dataDir);
  const logFile = await attachLogFile(logger, logDir);
  let downloads = createBrowserDownloads();
  let shell = createRecordingShell();
  /** The core on the data folder as it is now: at the start, and again after a test build's reset. */
  const startCore = async (): Promise<ConsoleCore> => {
    const started = await startConsoleCore({
      saveDialog: downloads,
      host: 'browser',
      version: options.version ?? readVersion(dist.packageJson),
      config,
      kv: openConfStore({ dir: options.dataDir, name: 'config', logger }),
      encryptor: openFileKeyEncryptor(path.join(options.dataDir, 'token.key'), logger),
      dataDir: options.dataDir,
      logDir,
      logger,
      startServer: options.startServer,
      ...(options.demoSnapshotFile ? { demoSnapshotFile: options.demoSnapshotFile } : {}),
      timeoutMs: options.timeoutMs,
      notifier: shell.notifier,
      tray: shell.tray,
    });
    shell.connect(started.events);
    return started;
  };
  let core = await startCore();

  const secrets = createLaunchSecrets();
  let streams = createEventStreams(core.events);
  let port = 0;
  const hasCookie = (request: FastifyRequest) =>
    secretsEqual(readCookie(request.headers.cookie, HTTP_BRIDGE.cookie), secrets.cookie);

  const app = Fastify({ logger: false, bodyLimit: BRIDGE_BODY_LIMIT, trustProxy: false });
  // Only JSON reaches the bridge: a cross-site form can post text/plain, never application/json.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (!isAllowedHost(request.headers.host, port)) {
      // DNS rebinding: a page on another name re-pointed at 127.0.0.1 (issue 25). 421 Misdirected Request.
      logger.warn(`Refused a request for host ${JSON.stringify(request.headers.host ?? '')}`);
      return reply
        .code(421)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(refusal('FORBIDDEN_SENDER', 'Unknown host'));
    }
  });

  app.post<{ Params: { channel: string }; Body: unknown }>(
    `${HTTP_BRIDGE.callPrefix}:channel`,
    async (request, reply) => {
      const input = isRecord(request.body) ? request.body.input : undefined;
      const result = await handle(
        {
          handlers: core.handlers,
          logger,
          isTrustedSender: (req: FastifyRequest) =>
            hasCookie(req) && isAllowedOrigin(req.headers.origin, port),
        },
        request.params.channel,
        input,
        request,
      );
      return sendResult(reply, result);
    },
  );

  app.get(HTTP_BRIDGE.events, async (request, reply) => {
    if (!hasCookie(request))
      return sendResult(reply, refusal('FORBIDDEN_SENDER', 'Open the console through its printed address'));
    reply.hijack();
    streams.open(reply.raw, { ...SECURITY_HEADERS });
  });

  // A file the page was handed by 'export:save': once, and only with the console's cookie.
  app.get<{ Params: { id: string } }>(`${DOWNLOAD_PATH_PREFIX}:id`, async (request, reply) => {
    if (!hasCookie(request))
      return sendPage(reply, 403, 'Not allowed', 'Open the console through its printed address.');
    const download = downloads.take(request.params.id);
    if (!download)
      return sendPage(reply, 404, 'Download not found', 'This download was already used or has expired.');
    const { source, onProgress } = download;
    let chunks: AsyncIterable<Uint8Array>;
    try {
      chunks = await source.open();
    } catch (error) {
      logger.error(`Opening the download ${source.fileName} failed`, error);
      return sendPage(reply, 502, 'Download failed', describeError(error));
    }
    return reply
      .type(contentTypeOf(source.fileName))
      .header('Content-Disposition', `attachment; filename="${source.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(counted(chunks, onProgress)));
  });

  // What the stand-in tray and notifier recorded: for the page's user and for end-to-end tests.
  app.get(SHELL_RECORD_PATH, async (request, reply) => {
    if (!hasCookie(request))
      return sendResult(reply, refusal('FORBIDDEN_SENDER', 'Open the console through its printed address'));
    return reply.header('Cache-Control', 'no-store').send(shell.record());
  });

  if (options.resetFrom) {
    const from = options.resetFrom;
    // One at a time; a failed one leaves the next to try again from the start.
    let resetting: Promise<unknown> = Promise.resolve();
    app.post<{ Querystring: { key?: string } }>(TEST_RESET_PATH, async (request, reply) => {
      if (!secretsEqual(request.query.key, secrets.key))
        return sendResult(reply, refusal('FORBIDDEN_SENDER', 'Wrong key'));
      const reset = resetting.then(async () => {
        streams.closeAll();
        await core.close();
        await putBackDataFolder(from, options.dataDir);
        downloads = createBrowserDownloads();
        shell = createRecordingShell();
        core = await startCore();
        streams = createEventStreams(core.events);
        await core.appInfo();
        logger.info(`Reset to the data of ${from}`);
      });
      resetting = reset.catch(() => undefined);
      await reset;
      return sendResult(reply, { ok: true, value: null });
    });
  }

  app.get(HTTP_BRIDGE.script, async (request, reply) => {
    const script = await readForEncodings(bridgeScript, request.headers['accept-encoding']).catch(() => null);
    if (!script)
      return reply.code(404).type('text/plain; charset=utf-8').send('bridge.js not built: run npm run build');
    return sendEncoded(
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache'),
      script,
    );
  });

  app.get<{ Querystring: { key?: string } }>('/', async (request, reply) => {
    const key = request.query.key;
    if (key !== undefined) {
      if (!secretsEqual(key, secrets.key)) {
        logger.warn('Refused a launch address with a wrong key');
        return sendPage(
          reply,
          403,
          'Wrong key',
          'This address is from an earlier launch. Open the address the console printed this time.',
        );
      }
      // Trade the key for the cookie and drop the key from the address bar (and from history).
      reply.header('Set-Cookie', bridgeCookieHeader(HTTP_BRIDGE.cookie, secrets.cookie));
      return reply.code(303).header('Location', '/').send();
    }
    return sendIndex(request, reply);
  });

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/index.html') return sendIndex(request, reply);
    if (urlPath.startsWith(HTTP_BRIDGE.callPrefix))
      return sendResult(reply, refusal('UNKNOWN_CHANNEL', 'Bridge calls are POST requests'));
    const file = await resolveStaticFile(rendererDir, urlPath);
    if (file) {
      const immutable = urlPath.startsWith('/assets/');
      return sendEncoded(
        reply
          .type(contentTypeOf(file))
          .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache'),
        await readForEncodings(file, request.headers['accept-encoding']),
      );
    }
    // Paths without an extension are app routes: answer the app. Missing files are 404.
    if (!path.posix.extname(urlPath)) return sendIndex(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(HTTP_BRIDGE.callPrefix))
      return sendResult(reply, refusal('UNKNOWN_CHANNEL', 'Unknown bridge path'));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.setErrorHandler((error, request, reply) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'statusCode' in error &&
      typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
    if (status >= 500) logger.error(`${request.method} ${request.url.split('?')[0]} failed`, error);
    if (request.url.startsWith(HTTP_BRIDGE.callPrefix)) {
      // Malformed JSON, a wrong content type, a body too large: the caller's fault, said plainly.
      const message =
        status < 500 && error instanceof Error
          ? error.message
          : 'Something went wrong in the console. Please try again.';
      return reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .send({ ok: false, error: { code: status < 500 ? 'INVALID' : 'FAILED', message } });
    }
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status < 500 ? 'Bad request' : 'Internal error');
  });

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!hasCookie(request)) {
      return sendPage(
        reply,
        403,
        'Operations Console is locked',
        'Open the address the console printed in its terminal (it ends with ?key=…).',
      );
    }
    const html = await readIndexHtml(rendererDir);
    if (!html)
      return sendPage(reply, 503, 'Renderer not built', 'Run npm run build, then start the console again.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  }

  try {
    await app.listen({ host: '127.0.0.1', port: options.port ?? BROWSER_HOST_DEFAULT_PORT });
  } catch (error) {
    await core.close().catch(() => {});
    await logFile.close();
    throw error;
  }
  port = (app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  logger.info(`Browser host listening on ${origin} (data in ${options.dataDir})`);

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?key=${secrets.key}`,
    origin,
    port,
    get core() {
      return core;
    },
    logger,
    close() {
      closing ??= (async () => {
        streams.closeAll();
        await app.close();
        try {
          await core.close();
        } finally {
          await logFile.close();
        }
      })();
      return closing;
    },
  };
}

function refusal(code: BridgeErrorCode, message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } };
}

function sendResult(reply: FastifyReply, result: BridgeResult<unknown>) {
  const status = result.ok || result.error.status !== undefined ? 200 : STATUS[result.error.code];
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(result);
}

/** A static file's bytes with their Content-Encoding; caches keep one copy per Accept-Encoding. */
function sendEncoded(reply: FastifyReply, file: { body: Buffer; encoding: ContentEncoding | null }) {
  reply.header('Vary', 'Accept-Encoding');
  if (file.encoding) reply.header('Content-Encoding', file.encoding);
  return reply.send(file.body);
}

function sendPage(reply: FastifyReply, status: number, title: string, text: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(plainPage(title, text));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
