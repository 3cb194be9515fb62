import { Worker } from 'node:worker_threads';
import type { StartServer } from './embedded';

/** How long a closing server may take before its thread is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

/** Messages of server/worker.ts (kept structural: main/core does not import the server's types). */
type WorkerMessage =
  | { type: 'ready'; url: string; startup?: Record<string, number> }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export interface WorkerServerOptions {
  logLevel?: string;
  /** The browser host's test builds only (main/browser/test-faults.ts). */
  testFaults?: { evaluationIntervalMs?: number; startAt?: number };
  /**
   * The browser host's test builds only (main/browser/test-reset.ts): a thread whose server closed cleanly
   * waits, unreferenced, for the next start instead of ending, and that start runs in it. A server started
   * again in a thread that already ran one has its modules loaded and its code compiled: a demo server's
   * start took ~0.7 s and ~1 s of CPU there, against ~2.5 s and ~5 s in a new thread.
   */
  reuseThread?: boolean;
}

/**
 * Starts the embedded server in a worker thread running the bundled server/worker.ts, so that its
 * database work never blocks the main process's event loop. Resolves once it listens. The options,
 * the launch secret among them, reach the thread as `workerData` (or, in a reused thread, as a message):
 * in this process's memory, never on a command line another user could read.
 */
export function startServerInWorker(workerFile: string, extra: WorkerServerOptions = {}): StartServer {
  const { reuseThread = false, ...passed } = extra;
  /** With `reuseThread`: the thread of the last server closed cleanly, waiting for the next start. */
  let parked: Worker | undefined;
  return (options) =>
    new Promise((resolve, reject) => {
      const { snapshotExtraction, ...data } = options;
      const workerData = {
        ...data,
        ...passed,
        ...(reuseThread ? { keepThread: true } : {}),
        ...(snapshotExtraction ? { snapshotPending: true } : {}),
      };
      let worker: Worker;
      if (parked) {
        worker = parked;
        parked = undefined;
        worker.ref();
        worker.postMessage({ type: 'start', options: workerData });
      } else {
        worker = new Worker(workerFile, { workerData });
        // A parked thread that ends meanwhile is not used again.
        const thread = worker;
        worker.once('exit', () => {
          if (parked === thread) parked = undefined;
        });
      }
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
      /** This server's listeners on the thread: removed when it closed, so a reused thread starts clean. */
      const detach = () => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.off('message', onMessage);
      };
      const onError = (error: Error) => {
        lastError = error;
        if (!ready) reject(error);
      };
      const onExit = (code: number) => {
        exited = true;
        detach();
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
      };
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type !== 'ready') return;
        ready = true;
        resolve({
          url: message.url,
          startup: message.startup ?? {},
          threadId: worker.threadId,
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
              if (reuseThread) {
                // Closed cleanly: the thread stays for the next start, and does not hold the process.
                const parkOnClosed = (message: WorkerMessage) => {
                  if (message.type !== 'closed') return;
                  worker.off('message', parkOnClosed);
                  worker.off('exit', finish);
                  detach();
                  worker.unref();
                  parked = worker;
                  finish();
                };
                worker.on('message', parkOnClosed);
              }
              worker.postMessage({ type: 'close' });
            })),
        });
      };
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.on('message', onMessage);
    });
}
