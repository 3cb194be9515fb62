/** Webhook events of backups (the catalogue's backup.completed, backup.failed, restore.tested). */
export type BackupEventName = 'backup.completed' | 'backup.failed' | 'restore.tested';
