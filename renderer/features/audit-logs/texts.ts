/** A record's fields by name: the table's columns, and the first fields of its details dialog. */
const RECORD_FIELDS = {
  timestamp: 'Timestamp',
  user: 'User',
  action: 'Action',
  resource: 'Resource',
  status: 'Status',
  severity: 'Severity',
  ipAddress: 'IP Address',
};

/** What the Audit Logs screen says (part 2 §2), in one place. */
export const AUDIT_TEXTS = {
  /** Part 2 §8: a load failure is only logged, with this text. */
  loadFailed: 'Failed to load audit logs',
  description:
    'Every recorded change: who did what, to which target, when, from where, and with what result.',
  verifyIntegrity: 'Verify integrity',
  exportLogs: 'Export Logs',
  /** A file being saved, with the rows it holds once they are known. */
  saving: (fileName: string, kilobytes: string, rows: string | null) =>
    `Saving ${fileName}: ${kilobytes} KB${rows !== null ? ` of ${rows} rows` : ''}…`,
  exportFailed: 'The export failed',
  verifying: 'Verifying the chain…',
  verifyFailed: 'The integrity check failed',
  /** 'Showing x of y audit logs': the records matching the filter, of every record. */
  showing: (matching: string, total: string) => `Showing ${matching} of ${total} audit logs`,
  /** A count not read yet. */
  pending: '…',
  loadError: 'The audit logs could not be loaded',
  /** A record without a user's name or email. */
  unknownUser: 'Unknown user',
  /** The search and the three dropdown filters. */
  filters: {
    search: 'Search audit logs',
    searchPlaceholder: 'Search any field: user, action, resource, address, details...',
    action: 'Action',
    allActions: 'All Actions',
    status: 'Status',
    allStatuses: 'All Statuses',
    severity: 'Severity',
    allSeverities: 'All Severities',
    clear: (active: number) => `Clear Filters (${active})`,
  },
  table: {
    name: 'Audit logs',
    loading: 'Loading audit logs…',
    empty: 'No audit logs found matching your criteria',
    columns: RECORD_FIELDS,
    /** The row action (its header hidden) that opens a record's details, and its accessible name. */
    details: 'Details',
    view: 'View',
    viewName: (action: string, resource: string, user: string) =>
      `Details of ${action} ${resource} by ${user}`,
  },
  /** 'Audit Log Details': every field of the record, its details object and its chain hash. */
  details: {
    title: 'Audit Log Details',
    close: 'Close',
    fields: { ...RECORD_FIELDS, userAgent: 'User Agent', details: 'Details' },
    /** The timestamp as recorded, after the local one. */
    rawTimestamp: (iso: string) => `(${iso})`,
    /** Follows the resource. */
    resourceId: (id: string) => ` · ${id}`,
    hash: (seq: number) => `Record #${seq} hash`,
  },
  /** The result of Verify integrity: intact or the first broken record, and the chain head to keep. */
  integrity: {
    name: 'Integrity check',
    /** Why a record breaks the chain. */
    reasons: {
      altered: 'its content does not match its hash (edited)',
      linkBroken: 'it does not link to the record before it (removed or reordered)',
      gap: 'records before it are missing',
      startMissing: 'the start of the trail was removed outside the retention job',
    },
    broken: (seq: number, timestamp: string, reason: string) =>
      `Chain broken at record #${seq} (${timestamp}): ${reason}.`,
    intact: (checked: string) => `Chain intact: ${checked} records verified.`,
    /** Precedes the head's hash (hence the trailing space). */
    head: (seq: number) => `Chain head: record #${seq} · `,
    keepHead: (seq: number) =>
      `Keep this hash elsewhere: if record #${seq} later shows another hash, or is gone, the trail was changed or cut from the end.`,
    empty: 'The trail is empty.',
  },
} as const;
