import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '../../../shared/api/two-factor';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { INPUT_CLASS } from '../../components/ui/styles';
import { FormField } from '../../components/ui/FormField';
import { TWO_FACTOR_SCREEN_TEXTS } from './texts';

const TEXTS = TWO_FACTOR_SCREEN_TEXTS.setup;

/** The secret in groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new authenticator: the QR code to scan, the secret to type where scanning is not possible, and the
 * first code, which confirms it. Used at sign-in (two-factor required) and from the user's own dialog.
 */
export function AuthenticatorSetup({
  setup,
  busy,
  error,
  submitLabel = TEXTS.submit,
  onConfirm,
}: {
  setup: TwoFactorSetup;
  busy: boolean;
  error: string | null;
  submitLabel?: string;
  onConfirm: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(code);
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg">
        <li>{TEXTS.scanStep}</li>
        <li>{TEXTS.codeStep}</li>
      </ol>
      <div className="flex justify-center">
        <img
          src={setup.qrCode}
          alt={TEXTS.qrCodeAlt}
          className="size-44 rounded-md border border-line bg-white p-1"
        />
      </div>
      <FormField label={TEXTS.secretLabel}>
        {(field) => (
          <input
            {...field}
            readOnly
            value={grouped(setup.secret)}
            onFocus={(event) => event.target.select()}
            className={`${INPUT_CLASS} font-mono`}
          />
        )}
      </FormField>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <FormField label={TEXTS.codeLabel}>
        {(field) => (
          <input
            {...field}
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            title={TEXTS.codeTitle}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className={INPUT_CLASS}
          />
        )}
      </FormField>
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        {busy ? <Spinner className="size-4 text-current" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
