import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../shared/bridge/errors';
import { ERRORS } from '../../shared/errors';
import { DatabaseUnreachableBanner } from '../../renderer/app/layout/DatabaseUnreachableBanner';

const databaseDown = () =>
  new BridgeCallError({ code: 'UNAVAILABLE', status: 503, message: ERRORS.databaseUnreachable });

/** A screen's load: refused while `down()` says so, answered once the database is back. */
function Screen({ down, name }: { down: () => boolean; name: string }) {
  const query = useQuery({
    queryKey: [name],
    queryFn: () => (down() ? Promise.reject(databaseDown()) : Promise.resolve(`${name} loaded`)),
  });
  return <p>{query.data ?? (query.isError ? `${name} failed` : `${name} loading`)}</p>;
}

function renderConsole(down: () => boolean, retryMs = 30) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DatabaseUnreachableBanner retryMs={retryMs} />
      <Screen down={down} name="roles" />
    </QueryClientProvider>,
  );
}

describe('the console while its server cannot reach the database', () => {
  it('shows one clear state, keeps trying, and clears it by itself once loads succeed again', async () => {
    let down = true;
    renderConsole(() => down);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server cannot reach its database — retrying',
    );
    expect(screen.getByText('roles failed')).toBeTruthy();

    down = false;
    // No click: the banner's retry loads the screen again.
    expect(await screen.findByText('roles loaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('is not shown for other failures (a 503 of maintenance or of a busy server is said by its own text)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Busy() {
      const query = useQuery({
        queryKey: ['busy'],
        queryFn: () =>
          Promise.reject(
            new BridgeCallError({
              code: 'UNAVAILABLE',
              status: 503,
              message: 'The server is busy. Try again in 2 seconds.',
            }),
          ),
      });
      return <p>{query.isError ? 'busy failed' : 'busy loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <DatabaseUnreachableBanner retryMs={30} />
        <Busy />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('busy failed')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
