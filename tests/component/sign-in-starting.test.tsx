import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/api/auth';
import type { ServerStatus } from '../../shared/bridge/contract';
import { useAuthStore } from '../../renderer/app/state/useAuthStore';
import { LoginPage } from '../../renderer/features/auth/LoginPage';

const USER: SessionUser = {
  userId: 'u1',
  email: 'avery@example.test',
  name: 'Avery Admin',
  role: 'super_admin',
  permissions: [],
};

/**
 * A console bridge as main answers while its embedded server starts: 'app:serverStatus' at once, and
 * 'auth:login' only once the server is up (main's client waits for it).
 */
function installStartingBridge() {
  let status: ServerStatus = { state: 'starting', restarts: 0 };
  let serverUp: () => void = () => undefined;
  const up = new Promise<void>((resolve) => (serverUp = resolve));
  const handlers: Record<string, () => Promise<unknown>> = {
    'app:serverStatus': async () => status,
    'auth:login': async () => {
      await up;
      return { status: 'signedIn', user: USER };
    },
  };
  const api = new Proxy(
    {},
    {
      get: (_, channel: string) => async () => {
        const handler = handlers[channel];
        if (!handler) return { ok: false, error: { code: 'FAILED', message: `unexpected ${channel}` } };
        return { ok: true, value: await handler() };
      },
    },
  );
  Object.assign(window, { consoleApi: api });
  return {
    start() {
      status = { state: 'running', restarts: 0 };
      serverUp();
    },
  };
}

describe('a sign-in while the console is starting (issue 29)', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'unauthenticated', user: null, error: null, signingIn: false });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'consoleApi');
  });

  it('says "Starting the console…" instead of hanging, then signs in by itself once the server is up', async () => {
    const bridge = installStartingBridge();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Email Address'), USER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('status')).textContent).toBe('Starting the console…');
    expect(useAuthStore.getState().status).toBe('unauthenticated');

    bridge.start();
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    expect(useAuthStore.getState().user).toEqual(USER);
    await waitFor(() => expect(screen.queryByText('Starting the console…')).toBeNull());
  });

  it('says nothing of the kind when the server already answers', async () => {
    const bridge = installStartingBridge();
    bridge.start();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Email Address'), USER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    expect(screen.queryByText('Starting the console…')).toBeNull();
  });
});
