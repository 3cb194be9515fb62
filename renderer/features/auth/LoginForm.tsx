import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { CircleX, Info } from 'lucide-react';
import { useAuthStore } from '../../app/state/useAuthStore';
import { warmUpSignIn } from '../../app/warmUp';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { FormField } from '../../components/ui/FormField';
import { AUTH_TEXTS } from './texts';
import { useServerStarting } from './useServerStarting';

const INPUT =
  'mt-1.5 block w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-muted focus:border-accent focus-visible:outline-2 focus-visible:outline-offset-0';

/** Email and password, both required by the form itself (part 1 §5); no other client checks. */
export function LoginForm() {
  const { login, signingIn, error, notice } = useAuthStore(
    useShallow((state) => ({
      login: state.login,
      signingIn: state.signingIn,
      error: state.error,
      notice: state.notice,
    })),
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const location = useLocation();
  const serverStarting = useServerStarting(signingIn);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The next screen's code (and, once signed in, its data) loads while the password is checked.
    void login({ email, password }, warmUpSignIn(location.state));
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-busy={signingIn}>
      {serverStarting ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-line bg-surface-muted p-3 text-sm text-fg"
        >
          <Spinner className="mt-0.5 size-4 shrink-0 text-accent" />
          <p>{AUTH_TEXTS.startingConsole}</p>
        </div>
      ) : null}
      {notice && !error ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-line bg-surface-muted p-3 text-sm text-fg"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          <p>{notice}</p>
        </div>
      ) : null}
      {error ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <h2 className="font-semibold">{AUTH_TEXTS.loginFailed}</h2>
            <p className="mt-0.5">{error}</p>
          </div>
        </div>
      ) : null}
      <FormField label={AUTH_TEXTS.emailLabel}>
        {(field) => (
          <input
            {...field}
            type="email"
            name="email"
            required
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={INPUT}
          />
        )}
      </FormField>
      <FormField label={AUTH_TEXTS.passwordLabel}>
        {(field) => (
          <input
            {...field}
            type="password"
            name="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={INPUT}
          />
        )}
      </FormField>
      <Button type="submit" variant="primary" className="w-full py-2.5" disabled={signingIn}>
        {signingIn ? <Spinner className="size-4 text-current" /> : null}
        {signingIn ? AUTH_TEXTS.signingIn : AUTH_TEXTS.signIn}
      </Button>
    </form>
  );
}
