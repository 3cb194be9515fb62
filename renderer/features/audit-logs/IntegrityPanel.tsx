import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { AuditVerification } from '../../../shared/api/audit';
import { formatTimestamp } from './format';
import { formatNumber } from '../../lib/format';
import { AUDIT_TEXTS } from './texts';

const TEXTS = AUDIT_TEXTS.integrity;

const REASONS: Record<NonNullable<AuditVerification['firstBroken']>['reason'], string> = TEXTS.reasons;

/** The result of "Verify integrity": intact or the first broken record, and the chain head to keep. */
export function IntegrityPanel({ result }: { result: AuditVerification }) {
  const broken = result.firstBroken;
  return (
    <section
      aria-label={TEXTS.name}
      className={
        broken
          ? 'rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100'
          : 'rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100'
      }
    >
      <p className="flex items-center gap-2 font-medium">
        {broken ? (
          <ShieldAlert aria-hidden="true" className="size-4" />
        ) : (
          <ShieldCheck aria-hidden="true" className="size-4" />
        )}
        {broken
          ? TEXTS.broken(broken.seq, formatTimestamp(broken.timestamp), REASONS[broken.reason])
          : TEXTS.intact(formatNumber(result.checked))}
      </p>
      {result.head ? (
        <p className="mt-2">
          {TEXTS.head(result.head.seq)}
          <code data-testid="chain-head" className="break-all">
            {result.head.hash}
          </code>
          <span className="block text-xs opacity-80">{TEXTS.keepHead(result.head.seq)}</span>
        </p>
      ) : (
        <p className="mt-2">{TEXTS.empty}</p>
      )}
    </section>
  );
}
