/**
 * The embedded server in a worker thread. PGlite runs its queries synchronously on the thread that
 * owns it: in the main process's own thread, a large query or the first start's snapshot load would
 * stall the window's IPC and the browser host's page. The host talks to this worker by messages.
 */
import { pino, type LevelWithSilent, type Logger } from 'pino';
import type SonicBoom from 'sonic-boom';
import { parentPort, workerData } from 'node:worker_threads';
import { closeRotatingFile, createLogger, logLevelOr, openRotatingFile, SERVER_LOG_NAME } from './logger';
import { startServer, type RunningServer, type StartServerOptions } from './start';
import type { StartupPhases } from './startup-timer';

export type WorkerOptions = Omit<
  StartServerOptions,
  'logger' | 'config' | 'jobClock' | 'snapshotExtraction'
> & {
  logLevel?: string;
  /**
   * The host extracts the demo snapshot into `dataDir` meanwhile (it started before this thread loaded
   * its modules) and says when it is done with a `snapshot` message.
   */
  snapshotPending?: boolean;
  /** The hosts' log folder: this thread's own rotating `server.*.log` goes there, at info. */
  logDir?: string;
};
export type WorkerMessage =
  | { type: 'ready'; url: string; startup: StartupPhases }
  | { type: 'failed'; message: string }
  | { type: 'closed' };
export type HostMessage =
  | { type: 'close' }
  | { type: 'snapshot'; extracted: true }
  | { type: 'snapshot'; extracted: false; message?: string };

const port = parentPort;
if (!port) throw new Error('server/worker.ts runs as a worker thread');
const { logLevel, logDir, snapshotPending, ...options } = workerData as WorkerOptions;
const level = logLevelOr(logLevel, 'warn');
/** The file takes info and up whatever stderr's level: a person reading it sees the requests. */
const FILE_LEVEL = 'info';
const post = (message: WorkerMessage) => port.postMessage(message);

let server: RunningServer | undefined;
let file: SonicBoom | undefined;
let snapshotDone: (message: HostMessage & { type: 'snapshot' }) => void = () => undefined;
const snapshotExtraction = snapshotPending
  ? new Promise<boolean>((resolve, reject) => {
      snapshotDone = (message) =>
        message.extracted || !message.message
          ? resolve(message.extracted)
          : reject(new Error(message.message));
    })
  : undefined;
port.on('message', (message: HostMessage) => {
  if (message.type === 'snapshot') return snapshotDone(message);
  if (message.type !== 'close') return;
  void (server?.close() ?? Promise.resolve())
    .finally(() => (file ? closeRotatingFile(file) : undefined))
    .finally(() => {
      post({ type: 'closed' });
      port.close();
    });
});

try {
  server = await startServer({
    ...options,
    ...(snapshotExtraction ? { snapshotExtraction } : {}),
    logger: await openLogger(),
  });
  post({ type: 'ready', url: server.url, startup: server.startup });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  port.close();
}

/** stderr at `level` (stdout belongs to the browser host's address line), plus the file if any. */
async function openLogger(): Promise<Logger> {
  const stderr = pino.destination(2);
  if (logDir) {
    try {
      file = await openRotatingFile(logDir, SERVER_LOG_NAME);
    } catch (error) {
      // The server runs without its file rather than not at all; the host's log says so.
      createLogger({ destination: stderr }).warn(
        { err: error },
        `The log file could not be opened in ${logDir}`,
      );
    }
  }
  if (!file) return createLogger({ level, destination: stderr });
  const streams: pino.StreamEntry[] = [{ level: FILE_LEVEL, stream: file }];
  if (level !== 'silent') streams.push({ level, stream: stderr });
  return createLogger({ level: lowest(level, FILE_LEVEL), destination: pino.multistream(streams) });
}

/** The more verbose of two levels (the logger must let through what either stream wants). */
function lowest(a: LevelWithSilent, b: LevelWithSilent): LevelWithSilent {
  const order: LevelWithSilent[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  return order.indexOf(a) <= order.indexOf(b) ? a : b;
}
