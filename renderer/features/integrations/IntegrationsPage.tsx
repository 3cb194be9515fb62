import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { routeTitle } from '../../lib/navigation';
import { AddIntegrationModal } from './AddIntegrationModal';
import { ApiKeysTab } from './ApiKeysTab';
import { IntegrationsTab } from './IntegrationsTab';
import { WebhookEventsTab } from './WebhookEventsTab';

/** Integration Management (part 2 §2, §9; issue 16): webhooks that deliver, their events, API keys. */
export function IntegrationsPage() {
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/integrations')}
        description="Connected services, webhook events and API keys, with their sync state."
        actions={
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add Integration
          </Button>
        }
      />
      <PageTabs
        tabs={[
          { name: 'Integrations', panel: <IntegrationsTab /> },
          { name: 'Webhook Events', panel: <WebhookEventsTab /> },
          { name: 'API Keys', panel: <ApiKeysTab /> },
        ]}
      />
      {adding && <AddIntegrationModal onClose={() => setAdding(false)} />}
    </div>
  );
}
