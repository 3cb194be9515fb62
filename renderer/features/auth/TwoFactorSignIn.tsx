import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { TWO_FACTOR_TEXTS } from '../../../shared/two-factor';
import { useAuthStore } from '../../app/state/useAuthStore';
import { warmUpSignIn } from '../../app/warmUp';
import { Button } from '../../components/ui/Button';
import { FormField } from '../../components/ui/FormField';
import { LoadingState } from '../../components/ui/LoadingState';
import { Spinner } from '../../components/ui/Spinner';
import { INPUT_CLASS } from '../../components/ui/styles';
import { AuthenticatorSetup } from '../two-factor/AuthenticatorSetup';
import { twoFactorQueries } from '../two-factor/queries';
import { RecoveryCodesPanel } from '../two-factor/RecoveryCodesPanel';
import { AUTH_TEXTS } from './texts';

const TEXTS = AUTH_TEXTS.twoFactor;

/** The sign-in's second step (issue 13), after a correct password. */
export function TwoFactorSignIn() {
  const twoFactor = useAuthStore((state) => state.twoFactor);
  const cancel = useAuthStore((state) => state.cancelTwoFactor);
  const location = useLocation();
  const finish = useAuthStore((state) => state.finishEnrolment);
  if (!twoFactor) return null;
  return (
    <div className="space-y-5">
      {twoFactor.step === 'code' ? <CodeForm /> : null}
      {twoFactor.step === 'enrol' ? <EnrolStep /> : null}
      {twoFactor.step === 'recoveryCodes' ? (
        <RecoveryCodesPanel
          codes={twoFactor.recoveryCodes}
          doneLabel={TEXTS.continue}
          onDone={() => finish(warmUpSignIn(location.state))}
        />
      ) : (
        <Button variant="ghost" className="w-full" onClick={cancel}>
          {AUTH_TEXTS.backToSignIn}
        </Button>
      )}
    </div>
  );
}

function StepError({ error }: { error: string | null }) {
  return error ? (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <h2 className="font-semibold">{AUTH_TEXTS.loginFailed}</h2>
      <p className="mt-0.5">{error}</p>
    </div>
  ) : null;
}

function CodeForm() {
  const { submitCode, signingIn, error } = useAuthStore(
    useShallow((state) => ({ submitCode: state.submitCode, signingIn: state.signingIn, error: state.error })),
  );
  const [code, setCode] = useState('');
  const location = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitCode(code, warmUpSignIn(location.state));
  };
  return (
    <form onSubmit={submit} className="space-y-5" aria-busy={signingIn}>
      <h2 className="text-lg font-semibold text-fg">{TEXTS.title}</h2>
      <StepError error={error} />
      <FormField label={TEXTS.codeLabel} hint={TWO_FACTOR_TEXTS.codeHint}>
        {(field) => (
          <input
            {...field}
            name="code"
            required
            autoFocus
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className={INPUT_CLASS}
          />
        )}
      </FormField>
      <Button type="submit" variant="primary" className="w-full py-2.5" disabled={signingIn}>
        {signingIn ? <Spinner className="size-4 text-current" /> : null}
        {signingIn ? TEXTS.verifying : TEXTS.verify}
      </Button>
    </form>
  );
}

function EnrolStep() {
  const { confirmEnrolment, signingIn, error } = useAuthStore(
    useShallow((state) => ({
      confirmEnrolment: state.confirmEnrolment,
      signingIn: state.signingIn,
      error: state.error,
    })),
  );
  const setup = useQuery(twoFactorQueries.signInSetup());
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-fg">{TEXTS.enrolTitle}</h2>
      <p className="text-sm text-muted">{TWO_FACTOR_TEXTS.enrolHint}</p>
      {setup.data ? (
        <AuthenticatorSetup
          setup={setup.data}
          busy={signingIn}
          error={error}
          onConfirm={(code) => void confirmEnrolment(code)}
        />
      ) : (
        <LoadingState label={AUTH_TEXTS.loading} error={setup.error} fallback={TEXTS.setupFailed} />
      )}
    </div>
  );
}
