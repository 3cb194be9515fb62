import { Worker } from 'node:worker_threads';
import type { StartServer } from './embedded';

/** How long a closing server may take before its thread is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

/** Messages of server/worker.ts (kept structural: main/core does not import the server's types). */
type WorkerMessage =
  | { type: 'ready'; url: string; startup?: Record<string, number> }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

/**
 * Starts the embedded server in a worker thread running the bundled server/worker.ts, so that its
 * database work never blocks the main process's event loop. Resolves once it listens. The options,
 * the launch secret among them, reach the thread as `workerData`: in this process's memory, never on a
 * command line another user could read.
 */
export function startServerInWorker(
  workerFile: string,
  /** `testFaults`: the browser host's test builds only (main/browser/test-faults.ts). */
  extra: { logLevel?: string; testFaults?: { evaluationIntervalMs?: number; startAt?: number } } = {},
): StartServer {
  return (options) =>
    new Promise((resolve, reject) => {
      const { snapshotExtraction, ...data } = options;
      const worker = new Worker(workerFile, {
        workerData: { ...data, ...extra, ...(snapshotExtraction ? { snapshotPending: true } : {}) },
      });
      // The thread waits for this message before it opens the database.
      snapshotExtraction?.then(
        (extracted) => worker.postMessage({ type: 'snapshot', extracted }),
        (error: unknown) =>
          worker.postMessage({
            type: 'snapshot',
            extracted: false,
            message: `The demo snapshot could not be extracted: ${error instanceof Error ? error.message : String(error)}`,
          }),
      );
      let ready = false;
      let closing: Promise<void> | undefined;
      const exitListeners = new Set<(error: Error) => void>();
      // An uncaught error in the thread ends it: reported by 'error', then 'exit' (handled there).
      let lastError: Error | undefined;
      let exited = false;
      worker.on('error', (error) => {
        lastError = error;
        if (!ready) reject(error);
      });
      worker.once('exit', (code) => {
        exited = true;
        if (!ready) {
          reject(new Error(`The server thread ended (code ${code}) before listening`));
          return;
        }
        if (closing) return;
        // Died after start (a crash, an out-of-memory, a terminate): the host restarts it.
        const error = new Error(
          `The server thread ended unexpectedly (code ${code})${lastError ? `: ${lastError.message}` : ''}`,
          { cause: lastError },
        );
        for (const listener of exitListeners) listener(error);
      });
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type !== 'ready') return;
        ready = true;
        resolve({
          url: message.url,
          startup: message.startup ?? {},
          onExit(listener) {
            exitListeners.add(listener);
            return () => exitListeners.delete(listener);
          },
          // A thread cannot be sent SIGKILL: terminate() is its equivalent, the thread stops at once
          // without running any of its own clean-up (the database is not closed).
          kill: async () => {
            await worker.terminate();
          },
          close: () =>
            (closing ??= new Promise<void>((done) => {
              const force = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
              const finish = () => {
                clearTimeout(force);
                done();
              };
              // Already ended (it died): nothing to wait for.
              if (exited) return finish();
              worker.once('exit', finish);
              worker.postMessage({ type: 'close' });
            })),
        });
      });
    });
}
