import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../renderer/app/state/useAuthStore';
import { SetPasswordPage } from '../../renderer/features/auth/SetPasswordPage';

/** A console bridge answering as main does, `{ok, value}`, for the channels given. */
function installBridge(handlers: Record<string, () => unknown>) {
  const api = new Proxy(
    {},
    {
      get: (_, channel: string) => async () =>
        handlers[channel]
          ? { ok: true, value: handlers[channel]() }
          : { ok: false, error: { code: 'FAILED', message: `unexpected ${channel}` } },
    },
  );
  Object.assign(window, { consoleApi: api });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/set-password?token=one-time-token']}>
        <SetPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => useAuthStore.setState({ status: 'unauthenticated', user: null }));

describe('set password: the strength of the password being chosen', () => {
  it('shows the strength under the new password once one is typed, without a policy before sign-in', async () => {
    installBridge({});
    const user = renderPage();
    expect(screen.queryByRole('meter', { name: 'Password strength' })).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'password');
    expect(await screen.findByText('Very weak')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toBeTruthy();
    expect(screen.queryByText(/password policy/)).toBeNull();
    // The confirmation repeats the password; it gets no meter of its own.
    await user.type(screen.getByLabelText('Confirm password'), 'password');
    expect(screen.getAllByRole('meter')).toHaveLength(1);
  });

  it('names what the policy in force still asks when the settings can be read', async () => {
    installBridge({ 'settings.console': () => ({ passwordPolicy: 'strong' }) });
    useAuthStore.setState({
      status: 'authenticated',
      user: {
        userId: 'u1',
        email: 'avery@example.test',
        name: 'Avery',
        role: 'super_admin',
        permissions: [],
      },
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('New password'), 'password');
    expect(
      await screen.findByText('Still needs at least 12 characters, upper- and lower-case letters, a number.'),
    ).toBeTruthy();
  });
});
