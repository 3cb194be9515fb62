import { Worker } from 'node:worker_threads';
import type { StartServer } from './embedded';

/** How long a closing server may take before its thread is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

/** Messages of server/worker.ts (kept structural: main/core does not import the server's types). */
type WorkerMessage =
  { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * Starts the embedded server in a worker thread running the bundled server/worker.ts, so that its
 * database work never blocks the main process's event loop. Resolves once it listens.
 */
export function startServerInWorker(
  workerFile: string,
  /** `testFaults`: the browser host's test builds only (main/browser/test-faults.ts). */
  extra: { logLevel?: string; testFaults?: { evaluationIntervalMs?: number; startAt?: number } } = {},
): StartServer {
  return (options) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(workerFile, { workerData: { ...options, ...extra } });
      let ready = false;
      const onStartFailure = (error: Error) => {
        if (!ready) reject(error);
      };
      worker.once('error', onStartFailure);
      worker.once('exit', (code) =>
        onStartFailure(new Error(`The server thread ended (code ${code}) before listening`)),
      );
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type !== 'ready') return;
        ready = true;
        let closing: Promise<void> | undefined;
        resolve({
          url: message.url,
          close: () =>
            (closing ??= new Promise<void>((done) => {
              const force = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
              worker.once('exit', () => {
                clearTimeout(force);
                done();
              });
              worker.postMessage({ type: 'close' });
            })),
        });
      });
    });
}
