import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AUDIT_ACTIONS, AUDIT_SEVERITIES, AUDIT_STATUSES, type AuditLog } from '../../shared/api/audit';
import { AuditTable } from '../../renderer/features/audit-logs/AuditTable';
import '../../renderer/styles.css';

/** The page `bench/table.ts` scrolls: the real audit table over 100,000 rows (BENCH_TABLE_ROWS in the URL). */
const rows = Number(new URLSearchParams(location.search).get('rows') ?? 100_000);
const start = Date.UTC(2026, 0, 1);
const pick = <T,>(list: readonly T[], i: number) => list[i % list.length]!;

const logs: AuditLog[] = Array.from({ length: rows }, (_, i) => ({
  id: `log-${i}`,
  seq: i + 1,
  organizationId: null,
  userId: `user-${i % 97}`,
  userName: `User ${i % 97}`,
  userEmail: `user${i % 97}@example.com`,
  action: pick(AUDIT_ACTIONS, i),
  resource: pick(['center', 'invoice', 'member', 'role', 'setting'], i * 7),
  resourceId: null,
  details: {},
  timestamp: new Date(start + i * 60_000).toISOString(),
  ipAddress: `10.0.${i % 256}.${(i * 13) % 256}`,
  userAgent: null,
  status: pick(AUDIT_STATUSES, i * 3),
  severity: pick(AUDIT_SEVERITIES, i * 5),
  hash: '',
}));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuditTable
      logs={logs}
      sorting={{ sort: 'timestamp', order: 'asc' }}
      onSortingChange={() => undefined}
      onOpen={() => undefined}
      loadMore={() => undefined}
      loading={false}
      error={null}
      onRetry={() => undefined}
    />
  </StrictMode>,
);
