import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { ALERT_CHANNEL, alertBySeq, insertAlert, type NewAlert, type SequencedAlert } from './store';

export type AlertListener = (alert: SequencedAlert) => void;

/**
 * Fan-out of new alerts to this instance's open streams. Every alert, whichever instance stored it,
 * arrives through PostgreSQL LISTEN/NOTIFY (PGlite delivers its own NOTIFY the same way), so several
 * instances behind a load balancer each tell their own clients.
 */
export interface AlertHub {
  publish(alert: NewAlert): Promise<SequencedAlert>;
  subscribe(listener: AlertListener): () => void;
  close(): Promise<void>;
}

export async function createAlertHub(
  database: Database,
  now: () => number,
  logger: FastifyBaseLogger,
): Promise<AlertHub> {
  const listeners = new Set<AlertListener>();

  const deliver = (sequenced: SequencedAlert) => {
    for (const listener of [...listeners]) {
      try {
        listener(sequenced);
      } catch (error) {
        logger.warn({ err: error }, 'delivering an alert to a stream failed');
      }
    }
  };
  // Loads run one after the other, so streams get alerts in the order they were announced.
  let loading = Promise.resolve();
  const onNotify = (payload: string) => {
    const seq = Number(payload);
    if (!Number.isSafeInteger(seq)) return logger.warn(`ignored a malformed ${ALERT_CHANNEL} notification`);
    loading = loading
      .then(() => alertBySeq(database.db, seq))
      .then((found) => (found ? deliver(found) : logger.warn(`alert ${seq} announced but not found`)))
      .catch((error: unknown) => logger.error({ err: error }, `loading alert ${seq} failed`));
  };
  const unlisten = await database.listen(ALERT_CHANNEL, onNotify);

  return {
    publish: (alert) => insertAlert(database.db, alert, new Date(now())),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      // A database closed first (or lost) has no LISTEN left to stop: nothing to undo then.
      await unlisten().catch((error: unknown) =>
        logger.warn({ err: error }, 'stopping the alert LISTEN failed'),
      );
      await loading;
    },
  };
}
