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
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.integrations;

const COLUMNS: readonly DataColumn<Integration>[] = [
  { id: 'type', header: TEXTS.columns.type, cell: (i) => capitalize(i.type) },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (i) => <StatusBadge tone={STATUS_TONE[i.status]}>{capitalize(i.status)}</StatusBadge>,
  },
  {
    id: 'health',
    header: TEXTS.columns.health,
    cell: (i) => <StatusBadge tone={HEALTH_TONE[i.health]}>{capitalize(i.health)}</StatusBadge>,
  },
  { id: 'lastSync', header: TEXTS.columns.lastSync, cell: (i) => formatDateTime(i.lastSync) },
  { id: 'requests', header: TEXTS.columns.requests, cell: (i) => i.requests },
  { id: 'errors', header: TEXTS.columns.errors, cell: (i) => i.errors },
  { id: 'uptime', header: TEXTS.columns.uptime, cell: (i) => `${i.uptime}%` },
];

export function IntegrationsTab() {
  const list = useIntegrations();
  const [selected, setSelected] = useState<string | null>(null);
  // The name opens the integration's panel; the open one is marked current.
  const columns = useMemo<readonly DataColumn<Integration>[]>(
    () => [
      {
        id: 'name',
        header: TEXTS.columns.name,
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
    return <LoadingState label={TEXTS.loading} error={list.error} fallback={TEXTS.loadFailed} />;
  const integrations = list.data.integrations;
  const current = integrations.find((i) => i.id === selected);
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label={TEXTS.table}
          columns={columns}
          data={integrations}
          getRowId={(integration) => integration.id}
          empty={TEXTS.empty}
          minWidth="48rem"
        />
      </div>
      {current ? (
        <IntegrationPanel key={current.id} integration={current} onDeleted={() => setSelected(null)} />
      ) : (
        <p className="text-sm text-muted">{TEXTS.select}</p>
      )}
    </div>
  );
}
