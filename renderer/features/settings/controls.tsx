import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { INPUT_CLASS } from '../../components/ui/styles';
import { FormField } from '../../components/ui/FormField';

/** A labelled on/off switch. */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <span id={`${id}-label`} className="text-sm font-medium text-fg">
          {label}
        </span>
        {description ? <p className="text-xs text-muted">{description}</p> : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line transition',
          'disabled:cursor-not-allowed disabled:opacity-60',
          'focus:ring-2 focus:ring-ring focus:outline-none',
          checked ? 'bg-accent' : 'bg-surface-muted',
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'inline-block size-4 rounded-full bg-surface shadow transition',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[] | readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <FormField label={label}>
      {(field) => (
        <select
          {...field}
          className={INPUT_CLASS}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => {
            const { value: v, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={v} value={v}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
}

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  disabled,
  inputMode,
  placeholder,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'email' | 'password' | 'time';
  hint?: ReactNode;
  disabled?: boolean;
  inputMode?: 'numeric';
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <FormField label={label} hint={hint}>
      {(field) => (
        <input
          {...field}
          className={clsx(INPUT_CLASS, 'disabled:cursor-not-allowed disabled:opacity-60')}
          type={type}
          value={value}
          disabled={disabled}
          inputMode={inputMode}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** Static figures beside the fields, as label and value rows. */
export function Figures({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-md border border-line p-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-1 text-sm font-semibold text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
