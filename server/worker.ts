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
  /**
   * After a clean close the thread stays and waits for a `start` message with the next server's options
   * (main/core/server/worker-server.ts, `reuseThread`: the browser host's test reset).
   */
  keepThread?: boolean;
};
export type WorkerMessage =
  | { type: 'ready'; url: string; startup: StartupPhases }
  | { type: 'failed'; message: string }
  | { type: 'closed' };
export type HostMessage =
  | { type: 'close' }
  | { type: 'start'; options: WorkerOptions }
  | { type: 'snapshot'; extracted: true }
  | { type: 'snapshot'; extracted: false; message?: string };

const port = parentPort;
if (!port) throw new Error('server/worker.ts runs as a worker thread');
/** The file takes info and up whatever stderr's level: a person reading it sees the requests. */
const FILE_LEVEL = 'info';
const post = (message: WorkerMessage) => port.postMessage(message);
/** Ends the thread (once its handles are closed). */
const end = () => port.close();

/** The server this thread runs now, and its log file. */
let server: RunningServer | undefined;
let file: SonicBoom | undefined;
let keepThread = false;
let snapshotDone: (message: HostMessage & { type: 'snapshot' }) => void = () => undefined;
port.on('message', (message: HostMessage) => {
  if (message.type === 'snapshot') return snapshotDone(message);
  if (message.type === 'start') return void serve(message.options);
  if (message.type !== 'close') return;
  void (server?.close() ?? Promise.resolve())
    .finally(() => (file ? closeRotatingFile(file) : undefined))
    .finally(() => {
      server = undefined;
      file = undefined;
      post({ type: 'closed' });
      if (!keepThread) end();
    });
});

await serve(workerData as WorkerOptions);

async function serve(data: WorkerOptions): Promise<void> {
  const { logLevel, logDir, snapshotPending, keepThread: keep, ...options } = data;
  keepThread = keep === true;
  const snapshotExtraction = snapshotPending
    ? new Promise<boolean>((resolve, reject) => {
        snapshotDone = (message) =>
          message.extracted || !message.message
            ? resolve(message.extracted)
            : reject(new Error(message.message));
      })
    : undefined;
  try {
    server = await startServer({
      ...options,
      ...(snapshotExtraction ? { snapshotExtraction } : {}),
      logger: await openLogger(logDir, logLevelOr(logLevel, 'warn')),
    });
    post({ type: 'ready', url: server.url, startup: server.startup });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    end();
  }
}

/** stderr at `level` (stdout belongs to the browser host's address line), plus the file if any. */
async function openLogger(logDir: string | undefined, level: LevelWithSilent): Promise<Logger> {
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
