import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../shared/api/auth';
import type { TwoFactorSetup } from '../../shared/api/two-factor';
import { TWO_FACTOR_TEXTS } from '../../shared/two-factor';
import { useAuthStore } from '../../renderer/app/state/useAuthStore';
import { LoginPage } from '../../renderer/features/auth/LoginPage';
import { AuthenticatorSetup } from '../../renderer/features/two-factor/AuthenticatorSetup';
import { TwoFactorDialog } from '../../renderer/features/two-factor/TwoFactorDialog';
import { ResetTwoFactorModal } from '../../renderer/features/users/ResetTwoFactorModal';
import { UserActions } from '../../renderer/features/users/UserActions';
import type { PlatformUser } from '../../shared/api/users';

const USER: SessionUser = {
  userId: 'u1',
  email: 'avery@example.test',
  name: 'Avery Admin',
  role: 'super_admin',
  permissions: [],
};
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Ops:avery?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

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
          return { ok: false, error: { code: 'UNAUTHORIZED', message: (error as Error).message } };
        }
      },
    },
  );
  Object.assign(window, { consoleApi: api });
  return calls;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

async function signInWithPassword() {
  const user = userEvent.setup();
  render(wrap(<LoginPage />));
  await user.type(screen.getByLabelText('Email Address'), USER.email);
  await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('two-factor sign-in forms (issue 13)', () => {
  beforeEach(() => {
    useAuthStore.setState({
      status: 'unauthenticated',
      user: null,
      error: null,
      twoFactor: null,
      signingIn: false,
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'consoleApi');
  });

  it('asks for a code after the password; a wrong one says so, a right one signs in', async () => {
    const calls = installBridge({
      'auth:login': () => ({ status: 'twoFactor', step: 'code' }),
      'auth:twoFactorCode': (input) => {
        if ((input as { code: string }).code !== '123456') throw new Error(TWO_FACTOR_TEXTS.invalidCode);
        return USER;
      },
    });
    const user = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByText(TWO_FACTOR_TEXTS.codeHint)).toBeTruthy();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TWO_FACTOR_TEXTS.invalidCode);
    expect(useAuthStore.getState().status).toBe('unauthenticated');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    expect(useAuthStore.getState().user).toEqual(USER);
    expect(calls.filter((c) => c.channel === 'auth:twoFactorCode').map((c) => c.input)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('goes back to the password form', async () => {
    installBridge({ 'auth:login': () => ({ status: 'twoFactor', step: 'code' }) });
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    expect(useAuthStore.getState().twoFactor).toBeNull();
  });

  it('where two-factor is required: set up an authenticator, see the recovery codes once, then the console', async () => {
    installBridge({
      'auth:login': () => ({ status: 'twoFactor', step: 'enrol' }),
      'auth:twoFactorSetup': () => SETUP,
      'auth:twoFactorConfirm': () => ({ user: USER, recoveryCodes: CODES }),
    });
    const user = await signInWithPassword();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Secret key').value).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    // Not in the console until the codes were seen.
    expect(useAuthStore.getState().status).toBe('unauthenticated');
    await user.click(screen.getByRole('button', { name: 'Continue to the console' }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: USER, twoFactor: null });
  });

  it('shows the setup form: the QR code as an image, the secret as text, the code required', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <AuthenticatorSetup setup={SETUP} busy={false} error="Invalid two-factor code" onConfirm={onConfirm} />,
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(SETUP.qrCode);
    expect(screen.getByRole('alert').textContent).toBe('Invalid two-factor code');
    // Required by the form itself.
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Authentication code'), '000111');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(onConfirm).toHaveBeenCalledWith('000111');
  });

  it("the user's own dialog: the status, then setting it up", async () => {
    let enrolled = false;
    installBridge({
      'account.twoFactorStatus': () => ({
        enrolled,
        enrolledAt: enrolled ? '2026-03-02T09:00:00.000Z' : null,
        recoveryCodesLeft: enrolled ? 10 : 0,
        required: false,
      }),
      'account.setupTwoFactor': () => SETUP,
      'account.confirmTwoFactor': () => {
        enrolled = true;
        return { recoveryCodes: CODES };
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(wrap(<TwoFactorDialog open onClose={onClose} />));
    expect(await screen.findByText('Not set up')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('the users screen: a reset for users with two-factor on, confirmed, and its refusal shown', async () => {
    const person: PlatformUser = {
      id: 'u2',
      name: 'Pat Person',
      email: 'pat@example.test',
      role: 'center_admin',
      roleName: 'Center Admin',
      isSystemRole: true,
      center: null,
      status: 'active',
      lastLogin: null,
      joinDate: '2026-01-01T00:00:00.000Z',
      phone: '',
      location: '',
      permissions: [],
      twoFactorEnabled: true,
    };
    const onResetTwoFactor = vi.fn();
    const handlers = { onEdit: vi.fn(), onStatus: vi.fn(), onReset: vi.fn(), onResetTwoFactor };
    const user = userEvent.setup();
    const { rerender } = render(<UserActions user={person} selfId="u1" busy={false} handlers={handlers} />);
    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of Pat Person' }));
    expect(onResetTwoFactor).toHaveBeenCalledWith(person);
    rerender(
      <UserActions
        user={{ ...person, twoFactorEnabled: false }}
        selfId="u1"
        busy={false}
        handlers={handlers}
      />,
    );
    expect(screen.queryByRole('button', { name: /Reset two-factor/ })).toBeNull();

    let refuse = true;
    const calls = installBridge({
      'users.resetTwoFactor': () => {
        if (refuse) throw new Error(TWO_FACTOR_TEXTS.notEnrolled);
        return { reset: true };
      },
    });
    const onClose = vi.fn();
    render(wrap(<ResetTwoFactorModal user={person} onClose={onClose} />));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TWO_FACTOR_TEXTS.notEnrolled);
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.channel === 'users.resetTwoFactor').map((c) => c.input)).toEqual([
      { params: { userId: 'u2' } },
      { params: { userId: 'u2' } },
    ]);
  });
});
