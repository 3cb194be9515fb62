import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangePasswordDialog } from '../../renderer/features/auth/ChangePasswordDialog';

type Handler = (input: unknown) => { ok: true; value: unknown } | { ok: false; error: object };

/** A console bridge answering as main does, recording what the page sent. */
function installBridge(handlers: Record<string, Handler>) {
  const sent: { channel: string; input: unknown }[] = [];
  const api = new Proxy(
    {},
    {
      get: (_, channel: string) => async (input: unknown) => {
        sent.push({ channel, input });
        const handler = handlers[channel];
        return handler
          ? handler(input)
          : { ok: false, error: { code: 'FAILED', message: `unexpected ${channel}` } };
      },
    },
  );
  Object.assign(window, { consoleApi: api });
  return sent;
}

const USER = {
  userId: 'u1',
  email: 'avery@example.test',
  name: 'Avery',
  role: 'super_admin',
  permissions: [],
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let closed = 0;
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordDialog open onClose={() => (closed += 1)} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), closed: () => closed };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again: string) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm password'), again);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password', () => {
  it('sends the current and the new password, then says the other sessions are signed out', async () => {
    const sent = installBridge({
      'settings.console': () => ({ ok: true, value: { passwordPolicy: 'strong' } }),
      'auth:changePassword': () => ({ ok: true, value: USER }),
    });
    const { user, closed } = renderDialog();
    await user.type(screen.getByLabelText('New password'), 'short');
    // The strength of the new one, against the policy in force.
    expect(await screen.findByRole('meter', { name: 'Password strength' })).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));

    await fill(user, 'old-Password-1', 'a-New-Passphrase-2026!', 'a-New-Passphrase-2026!');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Your password is changed. Other sessions of this account are signed out.',
    );
    expect(sent.find((call) => call.channel === 'auth:changePassword')?.input).toEqual({
      currentPassword: 'old-Password-1',
      newPassword: 'a-New-Passphrase-2026!',
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(closed()).toBe(1);
  });

  it('refuses two different new passwords without sending anything', async () => {
    const sent = installBridge({
      'settings.console': () => ({ ok: true, value: { passwordPolicy: 'basic' } }),
    });
    const { user } = renderDialog();
    await fill(user, 'old-Password-1', 'a-New-Passphrase-2026!', 'another-Passphrase-2026!');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(sent.some((call) => call.channel === 'auth:changePassword')).toBe(false);
  });

  it('shows the server’s refusal (a wrong current password) and keeps what was typed', async () => {
    installBridge({
      'settings.console': () => ({ ok: true, value: { passwordPolicy: 'basic' } }),
      'auth:changePassword': () => ({
        ok: false,
        error: { code: 'FAILED', message: 'The current password is incorrect' },
      }),
    });
    const { user } = renderDialog();
    await fill(user, 'wrong-Password-1', 'a-New-Passphrase-2026!', 'a-New-Passphrase-2026!');
    expect(await screen.findByText('The current password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toHaveProperty('value', 'a-New-Passphrase-2026!');
  });
});
