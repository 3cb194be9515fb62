import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loggingQueryCache, onlyLogged } from '../../renderer/lib/loadFailure';

const logError = vi.hoisted(() => vi.fn());
vi.mock('../../renderer/lib/log', () => ({ logError }));

function Reader({ name }: { name: string }) {
  const query = useQuery({
    queryKey: ['broken'],
    queryFn: () => Promise.reject(new Error('down')),
    ...onlyLogged('Failed to load user data'),
  });
  return <p>{query.isError ? `${name} failed` : `${name} loading`}</p>;
}

describe('load failures that are only logged', () => {
  it('are logged once, in the spec words, when the query has failed for good, however many screens read it', async () => {
    const client = new QueryClient({
      queryCache: loggingQueryCache(),
      defaultOptions: { queries: { retry: 1, retryDelay: 0 } },
    });
    render(
      <QueryClientProvider client={client}>
        <Reader name="table" />
        <Reader name="figures" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('table failed')).toBeTruthy();
    expect(screen.getByText('figures failed')).toBeTruthy();
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError).toHaveBeenCalledWith('Failed to load user data', new Error('down'));
  });
});
