import { serviceTone } from '../../../shared/monitoring';
import { Spinner } from '../../components/ui/Spinner';
import { StatusIcon } from '../../components/ui/StatusBadge';
import { MONITORING_TONE } from '../../components/ui/tone';
import { formatMs, formatPct } from '../../lib/monitoring-format';
import { formatDate } from '../../lib/format';
import { useAppInfo } from '../../lib/appInfo';
import { useServerHealth, useServiceSummary } from './queries';
import { DASHBOARD_TEXTS } from './texts';

const TEXTS = DASHBOARD_TEXTS.health;

function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m ${seconds % 60}s`;
}

function Tile({ label, value, ok }: { label: string; value: string; ok?: boolean }) {
  return (
    <div className="rounded-md border border-line p-3" aria-label={label} role="group">
      <p className="flex items-center gap-1.5 text-xs text-muted">
        {ok !== undefined ? (
          <StatusIcon tone={ok ? 'ok' : 'critical'} label={ok ? TEXTS.healthy : TEXTS.down} />
        ) : null}
        {label}
      </p>
      <p className="mt-1 text-sm font-medium text-fg">{value}</p>
    </div>
  );
}

/** The service probes of System Health: each service's latest status, response time and 24 h uptime. */
function ServiceTiles() {
  const summary = useServiceSummary();
  if (!summary.data) return null;
  return (
    <>
      {summary.data.services.map((s) => (
        <div key={s.service} className="rounded-md border border-line p-3" aria-label={s.name} role="group">
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <StatusIcon tone={MONITORING_TONE[serviceTone(s.status)]} />
            {s.name}
          </p>
          <p className="mt-1 text-sm font-medium text-fg capitalize">
            {TEXTS.service(s.status, formatMs(s.responseMs), formatPct(s.uptimePercent, 2))}
          </p>
        </div>
      ))}
    </>
  );
}

/** The API server's real health (server round trip), its services' probes, and how the console reaches it. */
export function SystemHealthGrid() {
  const health = useServerHealth();
  const info = useAppInfo();
  if (health.isPending) return <Spinner />;
  if (health.isError) {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <Tile label={TEXTS.apiServer} value={TEXTS.unreachable(health.error.message)} ok={false} />
      </div>
    );
  }
  const h = health.data;
  const db = h.database;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Tile
        label={TEXTS.database}
        ok={db.reachable}
        value={`${db.kind === 'pglite' ? TEXTS.pglite : TEXTS.postgres} · ${
          db.reachable ? TEXTS.latency(db.latencyMs ?? 0) : TEXTS.databaseUnreachable
        }`}
      />
      <Tile
        label={TEXTS.apiServer}
        ok={h.status === 'ok'}
        value={TEXTS.up(duration(h.uptimeSeconds), h.version)}
      />
      <ServiceTiles />
      <Tile
        label={TEXTS.serverLocation}
        value={info.data ? (info.data.embeddedServer ? TEXTS.embedded : TEXTS.remote) : TEXTS.pending}
      />
      <Tile
        label={TEXTS.lastMigration}
        value={
          h.migrations.last
            ? TEXTS.migration(h.migrations.last, formatDate(h.migrations.appliedAt))
            : TEXTS.noMigration
        }
      />
    </div>
  );
}
