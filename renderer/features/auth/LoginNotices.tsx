import { KeyRound, Lock } from 'lucide-react';
import { AUTH_TEXTS } from './texts';

const NOTICES = AUTH_TEXTS.notices;

/** The notices under the sign-in form (part 1 §1, §2): there is no self sign-up. */
export function LoginNotices() {
  return (
    <div className="mt-6 space-y-3">
      <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm dark:border-amber-500/30 dark:bg-amber-500/10">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
        <div>
          <h2 className="font-semibold text-amber-900 dark:text-amber-200">{NOTICES.restrictedTitle}</h2>
          <p className="mt-0.5 text-amber-800 dark:text-amber-300/90">{NOTICES.restricted}</p>
        </div>
      </div>
      <div className="flex gap-3 rounded-lg border border-line bg-surface p-4 text-sm">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <div>
          <h2 className="font-semibold text-fg">{NOTICES.secureTitle}</h2>
          <p className="mt-0.5 text-muted">{NOTICES.secure}</p>
        </div>
      </div>
      <p className="pt-2 text-center text-sm text-muted">{NOTICES.noAccount}</p>
    </div>
  );
}
