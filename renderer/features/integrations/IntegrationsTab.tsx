import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { IntegrationPanel } from './IntegrationPanel';
import { useIntegrations } from './queries';
import { HEALTH_TONE, STATUS_TONE, capitalize } from './rules';

const TH = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase';
const TD = 'px-3 py-2 text-sm text-fg';

export function IntegrationsTab() {
  const list = useIntegrations();
  const [selected, setSelected] = useState<string | null>(null);
  if (!list.data)
    return (
      <LoadingState label="Loading integrations" error={list.error} fallback="Failed to load integrations" />
    );
  const integrations = list.data.integrations;
  const current = integrations.find((i) => i.id === selected);
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="min-w-full divide-y divide-line">
          <caption className="sr-only">Integrations</caption>
          <thead>
            <tr>
              <th className={TH}>Name</th>
              <th className={TH}>Type</th>
              <th className={TH}>Status</th>
              <th className={TH}>Health</th>
              <th className={TH}>Last sync</th>
              <th className={TH}>Requests</th>
              <th className={TH}>Errors</th>
              <th className={TH}>Uptime</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {integrations.length === 0 && (
              <tr>
                <td className={TD} colSpan={8}>
                  No integrations yet: Add Integration creates a webhook endpoint.
                </td>
              </tr>
            )}
            {integrations.map((integration) => (
              <tr key={integration.id} aria-selected={integration.id === selected}>
                <td className={TD}>
                  <Button variant="ghost" onClick={() => setSelected(integration.id)}>
                    {integration.name}
                  </Button>
                  <div className="px-3 text-xs text-muted">
                    {integration.provider || integration.description}
                  </div>
                </td>
                <td className={TD}>{capitalize(integration.type)}</td>
                <td className={TD}>
                  <StatusBadge tone={STATUS_TONE[integration.status]}>
                    {capitalize(integration.status)}
                  </StatusBadge>
                </td>
                <td className={TD}>
                  <StatusBadge tone={HEALTH_TONE[integration.health]}>
                    {capitalize(integration.health)}
                  </StatusBadge>
                </td>
                <td className={TD}>{formatDateTime(integration.lastSync)}</td>
                <td className={TD}>{integration.requests}</td>
                <td className={TD}>{integration.errors}</td>
                <td className={TD}>{`${integration.uptime}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current ? (
        <IntegrationPanel key={current.id} integration={current} onDeleted={() => setSelected(null)} />
      ) : (
        <p className="text-sm text-muted">Select an integration to see its details.</p>
      )}
    </div>
  );
}
