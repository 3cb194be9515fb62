/**
 * The integration side panel against a stand-in for the main process (the bridge is the renderer's
 * boundary; the whole flow runs for real in tests/e2e/integrations.spec.ts): the stored API key stays
 * masked until the reveal toggle, which asks the server (the audited call) and hides it again; Delete asks
 * for a confirmation first; statuses are written out, not only coloured.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Integration } from '../../shared/api/integrations';
import { IntegrationPanel } from '../../renderer/features/integrations/IntegrationPanel';

const INTEGRATION: Integration = {
  id: '7c1f6c1e-4d3b-4e0e-9d56-0c8b2b1f0a11',
  name: 'Billing hook',
  type: 'webhook',
  status: 'error',
  statusReason: 'Answered 500',
  description: 'Invoices to billing',
  provider: 'Acme',
  lastSync: null,
  nextSync: null,
  health: 'critical',
  requests: 4,
  errors: 3,
  uptime: 25,
  events: ['user.created'],
  config: {
    webhook: 'https://hooks.example/in',
    endpoint: null,
    apiKey: 'sk_live_****************',
    frequency: 'realtime',
  },
  previousSecretUntil: null,
  createdAt: '2026-03-02T09:00:00.000Z',
};

function renderPanel(calls: Record<string, (input?: unknown) => unknown>) {
  const api = Object.fromEntries(
    Object.entries(calls).map(([channel, answer]) => [
      channel,
      vi.fn(async (input?: unknown) => ({ ok: true, value: answer(input) })),
    ]),
  );
  (window as unknown as { consoleApi: unknown }).consoleApi = api;
  const onDeleted = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <IntegrationPanel integration={INTEGRATION} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { api, onDeleted };
}

afterEach(() => {
  delete (window as unknown as { consoleApi?: unknown }).consoleApi;
});

describe('IntegrationPanel', () => {
  it('keeps the API key masked until the reveal toggle, which asks the server, and hides it again', async () => {
    const { api } = renderPanel({ 'integrations.revealApiKey': () => ({ apiKey: 'sk_live_51HxyzSECRET' }) });
    expect(screen.getByText('sk_live_****************')).toBeTruthy();
    expect(screen.queryByText('sk_live_51HxyzSECRET')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('sk_live_51HxyzSECRET')).toBeTruthy();
    expect(api['integrations.revealApiKey']).toHaveBeenCalledWith({ params: { id: INTEGRATION.id } });
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('sk_live_51HxyzSECRET')).toBeNull();
  });

  it('writes statuses out and asks before deleting', async () => {
    const { api, onDeleted } = renderPanel({
      'integrations.deleteIntegration': () => ({ id: INTEGRATION.id }),
    });
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Critical')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete integration' });
    expect(api['integrations.deleteIntegration']).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api['integrations.deleteIntegration']).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete integration' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api['integrations.deleteIntegration']).toHaveBeenCalledWith({ params: { id: INTEGRATION.id } });
  });

  it('shows the answer of Sync Now', async () => {
    renderPanel({
      'integrations.syncIntegration': () => ({
        deliveryId: 'd1',
        ok: false,
        responseStatus: 500,
        responseTimeMs: 12,
        error: 'Answered 500',
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('Ping failed: Answered 500')).toBeTruthy();
  });

  it('shows a rotated secret once, with the end of the overlap', async () => {
    renderPanel({
      'integrations.rotateSecret': () => ({
        secret: 'whsec_bmV3LXNlY3JldA==',
        previousSecretUntil: '2026-03-03T09:00:00.000Z',
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('whsec_bmV3LXNlY3JldA==')).toBeTruthy();
    expect(screen.getByText(/The old one keeps signing too until/)).toBeTruthy();
  });
});
