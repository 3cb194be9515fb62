import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../../shared/routes';
import { SET_PASSWORD_PATH, USER_TEXTS } from '../../../shared/users';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { INPUT_CLASS } from '../../components/ui/styles';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { logError } from '../../lib/log';
import { loginRedirectState } from '../../lib/redirect';
import { settingsQueries } from '../settings/queries';
import { FormField } from '../../components/ui/FormField';
import { NewPasswordFields } from './NewPasswordFields';
import { AUTH_TEXTS } from './texts';

/**
 * /set-password (issue 13), public like sign-in: a one-time link (invitation, reset or organization
 * invitation) opens it with its token; without one (the desktop app has no link to open) the code is typed.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const linked = params.get('token') ?? '';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({
    mutationFn: (token: string) => call('auth:acceptInvitation', { token, password }),
    onError: (error) => logError(AUTH_TEXTS.setPasswordFailed, error),
  });
  // Issue 25: an organization invitation to an existing account is accepted signed in as that account.
  const signedIn = useAuthStore((state) => (state.status === 'authenticated' ? state.user : null));
  // The policy in force is readable once signed in; before, the strength meter shows without it.
  const policy = useQuery({ ...settingsQueries.console(), enabled: signedIn !== null }).data?.passwordPolicy;
  const join = useMutation({
    mutationFn: (token: string) => call('users.joinOrganization', { body: { token } }),
    onError: (error) => logError(AUTH_TEXTS.joinFailed, error),
  });
  const existing = accept.isError && errorMessage(accept.error, '') === USER_TEXTS.inviteeExists;
  const token = linked || code.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    accept.mutate(token);
  }

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent text-accent-fg shadow-sm">
            <KeyRound aria-hidden="true" className="size-6" />
          </div>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">
            {AUTH_TEXTS.setPasswordTitle}
          </h1>
          <p className="mt-1 text-sm text-muted">{AUTH_TEXTS.setPasswordLead}</p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {accept.isSuccess ? (
            <div role="status" className="space-y-4 text-sm text-fg">
              <p>{AUTH_TEXTS.passwordSet(accept.data.email)}</p>
              <Link to={LOGIN_PATH} className="font-medium text-accent underline">
                {AUTH_TEXTS.signInLink}
              </Link>
            </div>
          ) : join.isSuccess ? (
            <p role="status" className="text-sm text-fg">
              {AUTH_TEXTS.joined(join.data.email)}
            </p>
          ) : signedIn && token && (existing || params.get('join') === '1') ? (
            <div className="space-y-4 text-sm text-fg">
              <p>{AUTH_TEXTS.joinPrompt(signedIn.email)}</p>
              <InlineError message={join.isError ? errorMessage(join.error, AUTH_TEXTS.joinFailed) : null} />
              <Button
                variant="primary"
                className="w-full py-2.5"
                disabled={join.isPending}
                onClick={() => join.mutate(token)}
              >
                {AUTH_TEXTS.joinAs(signedIn.email)}
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} className="space-y-5" aria-busy={accept.isPending}>
              {linked ? null : (
                <FormField label={AUTH_TEXTS.codeLabel}>
                  {(field) => (
                    <input
                      {...field}
                      required
                      autoComplete="off"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      className={INPUT_CLASS}
                    />
                  )}
                </FormField>
              )}
              <NewPasswordFields
                password={password}
                confirm={confirm}
                policy={policy}
                onPassword={setPassword}
                onConfirm={setConfirm}
              />
              <InlineError
                message={
                  mismatch
                    ? AUTH_TEXTS.mismatch
                    : accept.isError
                      ? errorMessage(accept.error, AUTH_TEXTS.setPasswordFailed)
                      : null
                }
              />
              {existing ? (
                <Link
                  to={LOGIN_PATH}
                  state={loginRedirectState(SET_PASSWORD_PATH, `?token=${encodeURIComponent(token)}&join=1`)}
                  className="block text-center font-medium text-accent underline"
                >
                  {AUTH_TEXTS.signInToAccept}
                </Link>
              ) : null}
              <Button type="submit" variant="primary" className="w-full py-2.5" disabled={accept.isPending}>
                {AUTH_TEXTS.setPassword}
              </Button>
              <p className="text-center text-sm">
                <Link to={LOGIN_PATH} className="text-accent underline">
                  {AUTH_TEXTS.backToSignIn}
                </Link>
              </p>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
