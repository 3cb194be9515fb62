import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { routeTitle } from '../../lib/navigation';
import { AddIntegrationModal } from './AddIntegrationModal';
import { ApiKeysTab } from './ApiKeysTab';
import { IntegrationsTab } from './IntegrationsTab';
import { WebhookEventsTab } from './WebhookEventsTab';
import { INTEGRATION_TEXTS } from './texts';

/** Integration Management (part 2 §2, §9; issue 16): webhooks that deliver, their events, API keys. */
export function IntegrationsPage() {
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/integrations')}
        description={INTEGRATION_TEXTS.description}
        actions={
          <Button variant="primary" onClick={() => setAdding(true)}>
            {INTEGRATION_TEXTS.addIntegration}
          </Button>
        }
      />
      <PageTabs
        tabs={[
          { name: INTEGRATION_TEXTS.tabs.integrations, panel: <IntegrationsTab /> },
          { name: INTEGRATION_TEXTS.tabs.events, panel: <WebhookEventsTab /> },
          { name: INTEGRATION_TEXTS.tabs.keys, panel: <ApiKeysTab /> },
        ]}
      />
      {adding && <AddIntegrationModal onClose={() => setAdding(false)} />}
    </div>
  );
}
