import { useEffect, useState } from 'react';
import { passwordPolicyGaps, type PasswordPolicy } from '../../../shared/settings';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

type Checker = (password: string) => number;
let checker: Promise<Checker> | undefined;

/** zxcvbn-ts and its dictionaries (about 1.5 MB) load on first use, not with the console. */
function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password: string) => zxcvbn.check(password).score;
  });
  return checker;
}

/**
 * The strength of a password being chosen (zxcvbn-ts score 0–4) and what the password policy in force
 * still asks of it; the server checks the same policy on save. Without a known policy (a page opened
 * before sign-in cannot read the settings) only the strength is shown.
 */
export function PasswordStrength({
  password,
  policy,
}: {
  password: string;
  policy?: PasswordPolicy | undefined;
}) {
  const [scored, setScored] = useState<{ password: string; score: number } | null>(null);
  useEffect(() => {
    let current = true;
    if (password)
      void loadChecker().then((check) => current && setScored({ password, score: check(password) }));
    return () => {
      current = false;
    };
  }, [password]);
  if (!password) return null;
  const score = scored?.password === password ? scored.score : null;
  const gaps = policy ? passwordPolicyGaps(policy, password) : null;
  return (
    <div className="mt-2 space-y-1 text-xs text-muted">
      <div className="flex items-center gap-2">
        <meter
          aria-label="Password strength"
          min={0}
          max={4}
          low={2}
          high={3}
          optimum={4}
          value={score ?? 0}
          className="h-2 w-32"
        />
        <span aria-live="polite">{score === null ? 'Checking…' : LABELS[score]}</span>
      </div>
      {gaps === null ? null : (
        <p>
          {gaps.length === 0 ? `Meets the ${policy} password policy.` : `Still needs ${gaps.join(', ')}.`}
        </p>
      )}
    </div>
  );
}
