import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BackupOverview,
  RecoveryPoint,
  RestoreTestInput,
  RestoreTestSchedule,
  StorageLocation,
} from '../../shared/api/backups';
import { BackupRecoveryPage } from '../../renderer/features/backup-recovery/BackupRecoveryPage';
import { BACKUP_TEXTS } from '../../renderer/features/backup-recovery/texts';
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

/** Renders the screen and opens one of its tabs. */
async function openTab(name: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BackupRecoveryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
  return user;
}

const openRecoveryPoints = () => openTab('Recovery Points');

describe('storage locations', () => {
  const GIB = 1024 ** 3;
  const location = (name: string, used: number, available: number): StorageLocation => ({
    id: name,
    name,
    type: 'local',
    provider: 'Data folder',
    path: `/srv/${name}`,
    isDefault: false,
    capacity: 100 * GIB,
    used,
    available,
    status: 'online',
    statusReason: null,
    lastCheck: '2026-11-20T02:00:00.000Z',
  });

  it('fills the bar as df counts (used over used plus available), yellow above 60 % and red above 80 %', async () => {
    installBridge({
      'backups.overview': () => ({
        ...OVERVIEW,
        locations: [
          // 100 GiB of which 60 are kept back by the file system: 20 used of the 40 a backup could take.
          location('reserved', 20 * GIB, 20 * GIB),
          location('roomy', 10 * GIB, 90 * GIB),
          location('busy', 65 * GIB, 35 * GIB),
          location('full', 85 * GIB, 15 * GIB),
        ],
      }),
    });
    await openTab('Storage Locations');
    const meter = (name: string) => screen.getByRole('meter', { name: `${name} used` });
    const tone = (name: string) => meter(name).firstElementChild?.getAttribute('data-tone');
    expect(meter('reserved').getAttribute('aria-valuenow')).toBe('50');
    expect(tone('reserved')).toBe('good');
    expect(tone('roomy')).toBe('good');
    expect(meter('busy').getAttribute('aria-valuenow')).toBe('65');
    expect(tone('busy')).toBe('warn');
    expect(meter('full').getAttribute('aria-valuenow')).toBe('85');
    expect(tone('full')).toBe('bad');
  });
});

describe('recovery points', () => {
  it('downloads a point through the save dialog, each row its own, and says the archive is encrypted', async () => {
    const calls = installBridge({
      'backups.overview': () => OVERVIEW,
      'export:save': () => ({ status: 'saved', fileName: 'console-p2.gz.age' }),
    });
    const user = await openRecoveryPoints();
    expect(screen.getByText(BACKUP_TEXTS.downloadNote)).toBeTruthy();
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

describe('restore', () => {
  it('closes the dialog once the restore is accepted and follows it: a failure is announced', async () => {
    let overview = OVERVIEW;
    const calls = installBridge({
      'backups.overview': () => overview,
      'backups.restore': () => {
        overview = {
          ...OVERVIEW,
          activity: [
            {
              kind: 'restore',
              runId: 'p1',
              step: 'Restore failed: Verification failed for children; the database is as it was',
              percent: 100,
              failed: true,
            },
          ],
        };
        return { runId: 'p1' };
      },
    });
    const user = await openRecoveryPoints();
    await user.click(
      screen.getByRole('button', { name: `Restore ${formatDateTime('2026-11-20T02:00:00.000Z')}` }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore from a recovery point' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'RESTORE');
    await user.click(confirm);
    expect(calls.find((c) => c.channel === 'backups.restore')?.input).toEqual({
      params: { id: 'p1' },
      body: { confirmation: 'RESTORE' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Restore failed: Verification failed for children; the database is as it was',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a restore in progress as status, the point buttons held', async () => {
    installBridge({
      'backups.overview': () => ({
        ...OVERVIEW,
        activity: [{ kind: 'restore', runId: 'p1', step: 'Restoring children', percent: 48 }],
      }),
    });
    await openRecoveryPoints();
    const progress = screen.getByRole('status');
    expect(progress.textContent).toContain('Restoring children');
    expect(within(progress).getByRole('progressbar', { name: 'restore progress' })).toBeTruthy();
    for (const button of screen.getAllByRole('button', { name: /^Restore / }))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('restore test of a point', () => {
  const p1 = formatDateTime('2026-11-20T02:00:00.000Z');

  it('starts it without waiting for it and shows it running, the point held', async () => {
    let overview = OVERVIEW;
    const calls = installBridge({
      'backups.overview': () => overview,
      'backups.testRestore': () => {
        overview = {
          ...OVERVIEW,
          activity: [{ kind: 'test', runId: 'p1', step: 'Testing the restore: children', percent: 40 }],
        };
        return { runId: 'p1' };
      },
    });
    const user = await openRecoveryPoints();
    await user.click(screen.getByRole('button', { name: `Test restore ${p1}` }));
    expect(calls.find((c) => c.channel === 'backups.testRestore')?.input).toEqual({ params: { id: 'p1' } });
    const progress = await screen.findByRole('status');
    expect(progress.textContent).toContain('Testing the restore: children');
    expect(within(progress).getByRole('progressbar', { name: 'test progress' })).toBeTruthy();
    const held = screen.getByRole('button', { name: `Test restore ${p1}` }) as HTMLButtonElement;
    expect(held.disabled).toBe(true);
    expect(held.textContent).toBe('Testing…');
    const other = screen.getByRole('button', {
      name: `Test restore ${formatDateTime('2026-11-21T02:00:00.000Z')}`,
    }) as HTMLButtonElement;
    expect(other.disabled).toBe(false);
  });

  it('announces a failed test with its reason, the point free to test again', async () => {
    const failure = 'Restore test failed: The archive console-p1.gz.age is missing from Local backups';
    installBridge({
      'backups.overview': () => ({
        ...OVERVIEW,
        recoveryPoints: [point('p1', { verified: false, verification: 'failed' })],
        activity: [{ kind: 'test', runId: 'p1', step: failure, percent: 100, failed: true }],
      }),
    });
    await openRecoveryPoints();
    expect((await screen.findByRole('alert')).textContent).toContain(failure);
    expect(within(screen.getByRole('table')).getByText('Failed')).toBeTruthy();
    expect((screen.getByRole('button', { name: `Test restore ${p1}` }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows the server's refusal of the request", async () => {
    installBridge({
      'backups.overview': () => OVERVIEW,
      'backups.testRestore': () => {
        throw new Error('The recovery point does not exist');
      },
    });
    const user = await openRecoveryPoints();
    await user.click(screen.getByRole('button', { name: `Test restore ${p1}` }));
    expect(await screen.findByText('The recovery point does not exist')).toBeTruthy();
  });
});

describe('the daily restore test', () => {
  const SCHEDULE: RestoreTestSchedule = {
    status: 'active',
    schedule: '30 4 * * *',
    windowDays: 7,
    nextRun: '2026-11-28T04:30:00.000Z',
    lastTest: { at: '2026-11-27T04:31:12.000Z', pointId: 'p2', verification: 'verified' },
  };
  /** A server that keeps what it is sent, or refuses it with `refusal`. */
  function restoreTestServer(refusal?: string) {
    let current = SCHEDULE;
    return installBridge({
      'backups.overview': () => OVERVIEW,
      'backups.restoreTest': () => current,
      'backups.updateRestoreTest': (input) => {
        if (refusal) throw new Error(refusal);
        const body = (input as { body: RestoreTestInput }).body;
        current = {
          ...current,
          ...body,
          nextRun: body.status === 'active' ? '2026-11-30T06:15:00.000Z' : null,
        };
        return current;
      },
    });
  }
  const card = async () => screen.findByRole('region', { name: 'Daily restore test' });

  it('shows its schedule in words, window, status, next run and last result', async () => {
    restoreTestServer();
    await openTab('Backup Jobs');
    const shown = within(await card());
    expect(shown.getByText('Daily at 04:30 UTC')).toBeTruthy();
    expect(shown.getByText('30 4 * * *')).toBeTruthy();
    expect(shown.getByText('Last 7 days')).toBeTruthy();
    expect(shown.getByText('Active')).toBeTruthy();
    expect(shown.getByText(formatDateTime('2026-11-28T04:30:00.000Z'))).toBeTruthy();
    expect(shown.getByText('Verified')).toBeTruthy();
    expect(shown.getByText(formatDateTime('2026-11-27T04:31:12.000Z'), { exact: false })).toBeTruthy();
  });

  it('is edited in a dialog (schedule, window), then shown as saved', async () => {
    const calls = restoreTestServer();
    const user = await openTab('Backup Jobs');
    await user.click(within(await card()).getByRole('button', { name: 'Edit restore test' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit daily restore test' }));
    const schedule = dialog.getByLabelText('Schedule (cron, UTC)');
    await user.clear(schedule);
    await user.type(schedule, '15 6 * * 1');
    // The words follow the expression as it is typed.
    expect(dialog.getByText('Mondays at 06:15 UTC')).toBeTruthy();
    const window = dialog.getByLabelText('Window (days)');
    await user.clear(window);
    await user.type(window, '14');
    await user.click(dialog.getByRole('button', { name: 'Save restore test' }));
    expect(calls.find((c) => c.channel === 'backups.updateRestoreTest')?.input).toEqual({
      body: { status: 'active', schedule: '15 6 * * 1', windowDays: 14 },
    });
    expect(await within(await card()).findByText('Mondays at 06:15 UTC')).toBeTruthy();
    expect(within(await card()).getByText('Last 14 days')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const refusal = 'The schedule is not a valid cron expression';
    const calls = restoreTestServer(refusal);
    const user = await openTab('Backup Jobs');
    await user.click(within(await card()).getByRole('button', { name: 'Edit restore test' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit daily restore test' }));
    const schedule = dialog.getByLabelText('Schedule (cron, UTC)');
    await user.clear(schedule);
    await user.type(schedule, '61 25 * * *');
    expect(dialog.getByText('Cron 61 25 * * * (UTC)')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save restore test' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(refusal);
    expect(calls.filter((c) => c.channel === 'backups.updateRestoreTest')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit daily restore test' })).toBeTruthy();
  });

  it('pauses and resumes: paused, it has no next run', async () => {
    const calls = restoreTestServer();
    const user = await openTab('Backup Jobs');
    await user.click(within(await card()).getByRole('button', { name: 'Pause restore test' }));
    expect(calls.find((c) => c.channel === 'backups.updateRestoreTest')?.input).toEqual({
      body: { status: 'paused', schedule: '30 4 * * *', windowDays: 7 },
    });
    const resume = await within(await card()).findByRole('button', { name: 'Resume restore test' });
    expect(within(await card()).getByText('Paused')).toBeTruthy();
    expect(within(await card()).getByText('—')).toBeTruthy();
    await user.click(resume);
    expect(await within(await card()).findByRole('button', { name: 'Pause restore test' })).toBeTruthy();
  });
});
