/** What the Backup & Recovery screen says (part 2 §8), in one place. */
export const BACKUP_TEXTS = {
  /** A load failure is only logged, with this text. */
  loadFailed: 'Failed to load backup data',
  /** A failed call without a message of its own. */
  requestFailed: 'The request failed',
  /** Downloads are the archives as written: the text says what opens them. */
  downloadNote:
    'Downloads are the archives as stored, encrypted with age: only the backup key opens them. An incremental or differential archive restores only together with the archives it continues.',
  noJobs: 'No backup jobs yet. Add one with Configure.',
  noHistory: 'No backups have run yet.',
  noLocations: 'No storage locations.',
  noRecoveryPoints: 'No recovery points yet. Run a backup first.',
  /** The daily restore test (issue 29: protected by default). */
  restoreTestTitle: 'Daily restore test',
  restoreTestAbout:
    'Restores a random recovery point of the window into a scratch database and compares every table; each new backup is also tested when it ends.',
  noRestoreTest: 'No restore test has run yet.',
  description: 'Backup jobs and their history, storage locations, and recovery points to restore from.',
  configure: 'Configure',
  runBackup: 'Run Backup',
  loading: 'Loading backup data…',
  kpis: {
    lastSuccessfulBackup: 'Last successful backup',
    lastVerifiedRestore: 'Last verified restore',
    storageUsed: 'Storage used',
    successRate: 'Success rate (30 days)',
  },
  /** The restores and restore tests running now, and the outcome of the last. */
  inProgress: 'In progress',
  tabs: {
    jobs: 'Backup Jobs',
    history: 'Backup History',
    locations: 'Storage Locations',
    points: 'Recovery Points',
  },
  /** The tables' accessible names, by tab. */
  tables: {
    jobs: 'Backup jobs',
    history: 'Backup history',
    locations: 'Storage locations',
    points: 'Recovery points',
  },
  /** The tables' column headers, by tab and column id. */
  columns: {
    jobs: {
      name: 'Name',
      type: 'Type',
      source: 'Source',
      destination: 'Destination',
      schedule: 'Schedule',
      status: 'Status',
      lastRun: 'Last run',
      nextRun: 'Next run',
      size: 'Size',
      duration: 'Duration',
      retention: 'Retention',
      compression: 'Compression',
      encryption: 'Encryption',
    },
    history: {
      job: 'Job',
      type: 'Type',
      start: 'Start',
      end: 'End',
      status: 'Status',
      size: 'Size',
      duration: 'Duration',
      tables: 'Tables',
      error: 'Error',
    },
    locations: {
      name: 'Name',
      type: 'Type',
      path: 'Path',
      capacity: 'Capacity',
      used: 'Used',
      available: 'Available',
      usage: 'Usage',
      status: 'Status',
      lastCheck: 'Last check',
    },
    points: {
      time: 'Time',
      type: 'Type',
      size: 'Size',
      location: 'Location',
      verification: 'Verification',
      tags: 'Tags',
    },
  },
  /** A recovery point's actions: the button's text and, with the point's time, its accessible name. */
  pointActions: {
    header: 'Actions',
    restore: 'Restore',
    test: 'Test',
    testing: 'Testing…',
    testName: 'Test restore',
    download: 'Download',
  },
} as const;
