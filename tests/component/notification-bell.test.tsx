import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BannerAlert } from '../../shared/alerts';
import { NotificationBell } from '../../renderer/app/layout/NotificationBell';

const ALERT: BannerAlert = {
  id: 'a1',
  title: 'Scheduled Maintenance',
  message: 'Database maintenance from 02:00 to 03:00, every day.',
  type: 'info',
  priority: 'low',
  category: 'technical',
  metadata: {},
  timestamp: new Date().toISOString(),
  dismissed: false,
};

/** A bridge whose 'alerts:list' answers when the test says so. */
function installBridge() {
  let answer: ((value: unknown) => void) | undefined;
  const api = {
    onEvent: () => () => {},
    'alerts:list': () => new Promise((resolve) => (answer = resolve)),
  };
  Object.assign(window, { consoleApi: api });
  return (alerts: BannerAlert[]) => act(async () => answer?.({ ok: true, value: alerts }));
}

/** The bell on a bridge whose feed answers when the test says so. */
function renderBell() {
  const answer = installBridge();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationBell />
    </QueryClientProvider>,
  );
  return answer;
}

describe('the notification bell', () => {
  it('is busy until the feed answers, then names the count', async () => {
    const answer = renderBell();
    // Busy: the count is not known yet.
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('true');
    await answer([ALERT]);
    const bell = await screen.findByRole('button', { name: '1 unread alert' });
    expect(bell.hasAttribute('aria-busy')).toBe(false);
  });

  it('is not busy once an empty feed answered', async () => {
    const answer = renderBell();
    await answer([]);
    const bell = await screen.findByRole('button', { name: 'No unread alerts' });
    expect(bell.hasAttribute('aria-busy')).toBe(false);
  });
});
