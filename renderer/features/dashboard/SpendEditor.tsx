import { useState, type FormEvent } from 'react';
import { InlineError } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import { useSetSpendMutation } from './mutations';
import { useAcquisitionSpend } from './queries';
import { FormField } from '../../components/ui/FormField';
import { DASHBOARD_TEXTS } from './texts';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const TEXTS = DASHBOARD_TEXTS.spend;

/** The monthly sales and marketing spend that CAC divides, editable by a billing administrator. */
export function SpendEditor() {
  const spend = useAcquisitionSpend(true);
  const save = useSetSpendMutation();
  const [month, setMonth] = useState(thisMonth);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value) || value < 0) {
      setInvalid(TEXTS.invalidAmount);
      return;
    }
    setInvalid(null);
    save.mutate({ month, amount: Math.round(value * 100) / 100 }, { onSuccess: () => setAmount('') });
  }

  const error = invalid ?? (save.isError ? save.error.message : null);
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <FormField label={TEXTS.month}>
          {(field) => (
            <input
              {...field}
              type="month"
              required
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              className="mt-1 h-9 rounded-md border border-line bg-surface px-2 text-sm"
            />
          )}
        </FormField>
        <FormField label={TEXTS.amount}>
          {(field) => (
            <input
              {...field}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="mt-1 h-9 w-36 rounded-md border border-line bg-surface px-2 text-sm"
            />
          )}
        </FormField>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? TEXTS.saving : TEXTS.save}
        </Button>
      </form>
      <InlineError message={error} />
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {TEXTS.saved(formatMoney(save.data.amount, true), save.data.month)}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4" aria-label={TEXTS.byMonth}>
        {(spend.data ?? []).slice(0, 12).map((m) => (
          <li key={m.month} className="flex justify-between gap-2">
            <span className="text-muted">{m.month}</span>
            <span className="text-fg tabular-nums">{formatMoney(m.amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
