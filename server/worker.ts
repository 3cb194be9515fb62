/**
 * The embedded server in a worker thread. PGlite runs its queries synchronously on the thread that
 * owns it: in the main process's own thread, a large query or the first start's snapshot load would
 * stall the window's IPC and the browser host's page. The host talks to this worker by messages.
 */
import { pino } from 'pino';
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger, logLevelOr } from './logger';
import { startServer, type RunningServer, type StartServerOptions } from './start';

export type WorkerOptions = Omit<StartServerOptions, 'logger' | 'config' | 'jobClock'> & {
  logLevel?: string;
};
export type WorkerMessage =
  { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'closed' };
export type HostMessage = { type: 'close' };

const port = parentPort;
if (!port) throw new Error('server/worker.ts runs as a worker thread');
const { logLevel, ...options } = workerData as WorkerOptions;
const level = logLevelOr(logLevel, 'warn');
const post = (message: WorkerMessage) => port.postMessage(message);

let server: RunningServer | undefined;
port.on('message', (message: HostMessage) => {
  if (message.type !== 'close') return;
  void (server?.close() ?? Promise.resolve()).finally(() => {
    post({ type: 'closed' });
    port.close();
  });
});

try {
  // stderr: stdout belongs to the browser host's address line.
  server = await startServer({
    ...options,
    logger: createLogger({ level, destination: pino.destination(2) }),
  });
  post({ type: 'ready', url: server.url });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  port.close();
}
