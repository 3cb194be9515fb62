import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupOverview, RecoveryPoint } from '../../shared/api/backups';
import { BackupRecoveryPage } from '../../renderer/features/backup-recovery/BackupRecoveryPage';
import { DOWNLOAD_NOTE } from '../../renderer/features/backup-recovery/Tabs';
import { formatDateTime } from '../../renderer/lib/format';

const point = (id: string, over: Partial<RecoveryPoint> = {}): RecoveryPoint => ({
  id,
  timestamp: '2026-11-20T02:00:00.000Z',
  type: 'full',
  size: 2048,
  location: 'Local backups',
  verified: true,
  verification: 'verified',
  tags: ['manual'],
  fileName: `console-${id}.gz.age`,
  downloadUrl: `/backups/points/${id}/download`,
  ...over,
});

const OVERVIEW: BackupOverview = {
  kpis: { lastSuccessfulBackup: null, lastVerifiedRestore: null, storageUsed: 0, successRate30d: null },
  jobs: [],
  history: [],
  locations: [],
  recoveryPoints: [point('p1'), point('p2', { timestamp: '2026-11-21T02:00:00.000Z', type: 'incremental' })],
  activity: [],
  keyPending: false,
};

type Handler = (input?: unknown) => unknown;
/** A console bridge answering as main does: `{ok, value}` or `{ok: false, error}`. */
function installBridge(handlers: Record<string, Handler>) {
  const calls: { channel: string; input: unknown }[] = [];
  const api = new Proxy(
    {},
    {
      get: (_, channel: string) => async (input?: unknown) => {
        calls.push({ channel, input });
        const handler = handlers[channel];
        if (!handler) return { ok: false, error: { code: 'FAILED', message: `unexpected ${channel}` } };
        try {
          return { ok: true, value: await handler(input) };
        } catch (error) {
          return { ok: false, error: { code: 'CONFLICT', message: (error as Error).message } };
        }
      },
    },
  );
  Object.assign(window, { consoleApi: api });
  return calls;
}

afterEach(() => {
  Object.assign(window, { consoleApi: undefined });
});

async function openRecoveryPoints() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BackupRecoveryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Recovery Points' }));
  return user;
}

describe('recovery points', () => {
  it('downloads a point through the save dialog, each row its own, and says the archive is encrypted', async () => {
    const calls = installBridge({
      'backups.overview': () => OVERVIEW,
      'export:save': () => ({ status: 'saved', fileName: 'console-p2.gz.age' }),
    });
    const user = await openRecoveryPoints();
    expect(screen.getByText(DOWNLOAD_NOTE)).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('button', { name: /^Download / })).toHaveLength(2);
    await user.click(
      within(table).getByRole('button', { name: `Download ${formatDateTime('2026-11-21T02:00:00.000Z')}` }),
    );
    expect(calls.filter((c) => c.channel === 'export:save')).toEqual([
      { channel: 'export:save', input: { recoveryPointId: 'p2' } },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of a download", async () => {
    const refusal =
      'The archive console-p1.gz.age is damaged (its checksum does not match); download refused';
    installBridge({
      'backups.overview': () => OVERVIEW,
      'export:save': () => {
        throw new Error(refusal);
      },
    });
    const user = await openRecoveryPoints();
    await user.click(
      screen.getByRole('button', { name: `Download ${formatDateTime('2026-11-20T02:00:00.000Z')}` }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
