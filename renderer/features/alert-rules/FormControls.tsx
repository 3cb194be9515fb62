import { FormField } from '../../components/ui/FormField';
import { INPUT_CLASS } from '../../components/ui/styles';

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
