import type { Integration } from '../../../shared/api/integrations';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LoadingState } from '../../components/ui/LoadingState';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { IntegrationPanel } from './IntegrationPanel';
import { useIntegrations } from './queries';
import { HEALTH_TONE, STATUS_TONE, capitalize } from './rules';

const COLUMNS: readonly DataColumn<Integration>[] = [
  { id: 'type', header: 'Type', cell: (i) => capitalize(i.type) },
  {
    id: 'status',
    header: 'Status',
    cell: (i) => <StatusBadge tone={STATUS_TONE[i.status]}>{capitalize(i.status)}</StatusBadge>,
  },
  {
    id: 'health',
    header: 'Health',
    cell: (i) => <StatusBadge tone={HEALTH_TONE[i.health]}>{capitalize(i.health)}</StatusBadge>,
  },
  { id: 'lastSync', header: 'Last sync', cell: (i) => formatDateTime(i.lastSync) },
  { id: 'requests', header: 'Requests', cell: (i) => i.requests },
  { id: 'errors', header: 'Errors', cell: (i) => i.errors },
  { id: 'uptime', header: 'Uptime', cell: (i) => `${i.uptime}%` },
];

export function IntegrationsTab() {
  const list = useIntegrations();
  const [selected, setSelected] = useState<string | null>(null);
  // The name opens the integration's panel; the open one is marked current.
  const columns = useMemo<readonly DataColumn<Integration>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: (integration) => (
          <>
            <Button
              variant="ghost"
              aria-current={integration.id === selected ? 'true' : undefined}
              onClick={() => setSelected(integration.id)}
            >
              {integration.name}
            </Button>
            <div className="px-3 text-xs text-muted">{integration.provider || integration.description}</div>
          </>
        ),
        width: 'minmax(0,1.6fr)',
      },
      ...COLUMNS,
    ],
    [selected],
  );
  if (!list.data)
    return (
      <LoadingState label="Loading integrations" error={list.error} fallback="Failed to load integrations" />
    );
  const integrations = list.data.integrations;
  const current = integrations.find((i) => i.id === selected);
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label="Integrations"
          columns={columns}
          data={integrations}
          getRowId={(integration) => integration.id}
          empty="No integrations yet: Add Integration creates a webhook endpoint."
          minWidth="48rem"
        />
      </div>
      {current ? (
        <IntegrationPanel key={current.id} integration={current} onDeleted={() => setSelected(null)} />
      ) : (
        <p className="text-sm text-muted">Select an integration to see its details.</p>
      )}
    </div>
  );
}
