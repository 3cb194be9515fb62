/**
 * Webhook events of backups. The integrations work adds the event emitter; until it is wired here the
 * events go nowhere (they are not announced as delivered anywhere either).
 */
export type BackupEventName = 'backup.completed' | 'backup.failed' | 'restore.tested';

export type BackupEventSink = (event: BackupEventName, payload: Record<string, unknown>) => void;

/** Where backup events go; the lead points it at the integrations' emitter at merge. */
export let emitBackupEvent: BackupEventSink = () => undefined;

export function setBackupEventSink(sink: BackupEventSink): void {
  emitBackupEvent = sink;
}
