import { useId, type ReactNode } from 'react';
import { INPUT_CLASS } from '../../components/ui/styles';

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/**
 * A labelled control with its own error under it, tied by aria-describedby (and a hint, when given): the
 * control is drawn by `children(props)` so any input, select or textarea can take the wiring.
 */
export function FormField({
  label,
  context,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  /** Said before the label to a screen reader only ("Filter 2"): a row's controls each get their own name. */
  context?: string | undefined;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {context ? <span className="sr-only">{context} </span> : null}
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select of fixed options, with `FormField`'s label and error. */
export function SelectControl<T extends string>({
  label,
  context,
  value,
  options,
  onChange,
  error,
  optionLabel,
  className,
}: {
  label: string;
  context?: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  error?: string | undefined;
  optionLabel?: (value: T) => string;
  className?: string;
}) {
  return (
    <FormField label={label} context={context} error={error} {...(className ? { className } : {})}>
      {(props) => (
        <select
          {...props}
          className={INPUT_CLASS}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel ? optionLabel(o) : o}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A whole-number box, empty while cleared (see `numberValue`). */
export function NumberControl({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  step,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  hint?: string;
  min?: number;
  step?: number | 'any';
}) {
  return (
    <FormField label={label} error={error} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="decimal"
          min={min}
          step={step}
          className={INPUT_CLASS}
          value={Number.isFinite(value) ? value : ''}
          onChange={(e) => onChange(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value))}
        />
      )}
    </FormField>
  );
}
