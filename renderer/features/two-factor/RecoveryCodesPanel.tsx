import { useState } from 'react';
import { TWO_FACTOR_TEXTS } from '../../../shared/two-factor';
import { Button } from '../../components/ui/Button';
import { TWO_FACTOR_SCREEN_TEXTS } from './texts';

const TEXTS = TWO_FACTOR_SCREEN_TEXTS.recoveryCodes;

/** The recovery codes of a new authenticator, shown this once (the server keeps only their hashes). */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-fg">
        {TEXTS.enabled} {TWO_FACTOR_TEXTS.recoveryCodesHint}
      </p>
      <ul
        aria-label={TEXTS.label}
        className="grid grid-cols-2 gap-2 rounded-md border border-line bg-surface-muted p-3 font-mono text-sm text-fg select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true))}
        >
          {copied ? TEXTS.copied : TEXTS.copy}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
