import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveIndicator } from '../../renderer/app/layout/LiveIndicator';

/** A query the test settles by hand: `settle` waits for the fetch in flight and ends it. */
function controlledQuery() {
  let pending: (() => void) | undefined;
  const Probe = () => {
    useQuery({
      queryKey: ['probe'],
      queryFn: () => new Promise<number>((resolve) => (pending = () => resolve(Date.now()))),
    });
    return null;
  };
  const settle = async () => {
    await waitFor(() => expect(pending).toBeDefined());
    act(() => pending?.());
    pending = undefined;
  };
  return { Probe, settle };
}

function renderIndicator() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const query = controlledQuery();
  render(
    <QueryClientProvider client={client}>
      <LiveIndicator />
      <query.Probe />
    </QueryClientProvider>,
  );
  return { client, settle: query.settle };
}

describe('the LIVE indicator', () => {
  it('rests as a steady dot until data arrives, then pings a bounded number of times', async () => {
    const { settle } = renderIndicator();
    expect(screen.getByText('LIVE')).toBeTruthy();
    // Fetching, nothing settled yet: no ring.
    expect(screen.queryByTestId('live-ping')).toBeNull();

    await settle();
    const ping = await screen.findByTestId('live-ping');
    // A finite animation (three rounds), never Tailwind's endless animate-ping.
    expect(ping.className).toMatch(/animate-\[ping_1s_[^\]]*_3\]/);
    expect(ping.className).not.toMatch(/\banimate-ping\b/);
    // Hidden entirely where reduced motion is asked for.
    expect(ping.classList.contains('motion-reduce:hidden')).toBe(true);
  });

  it('pings again, from the start, each time the data is fetched again', async () => {
    const { client, settle } = renderIndicator();
    await settle();
    const first = await screen.findByTestId('live-ping');

    act(() => void client.invalidateQueries());
    await settle();
    // A new element: its animation starts over.
    await waitFor(() => expect(screen.getByTestId('live-ping')).not.toBe(first));
  });
});
