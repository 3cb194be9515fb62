import { useId, type ReactNode } from 'react';

/** What `FormField` hands its control: the label's target, and the hint and error that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * The console's one labelled control (issue 26): a label, an optional hint and an error under the control,
 * both tied to it by aria-describedby, and aria-invalid while there is an error. The control is drawn by
 * `children(props)` so any input, select or textarea takes the same wiring; the label names the control and
 * nothing else (a hint is a description, not part of the name).
 */
export function FormField({
  label,
  context,
  error,
  hint,
  hideLabel,
  announceError,
  className,
  children,
}: {
  label: ReactNode;
  /** Said before the label to a screen reader only ("Filter 2"): a row's controls each get their own name. */
  context?: string | undefined;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The label is said, not shown (a search box whose placeholder and icon say what it is). */
  hideLabel?: boolean;
  /** The error arrives from the server after a submit: it is announced (role=alert) as well as tied. */
  announceError?: boolean;
  className?: string | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-fg'}>
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
        <p
          id={`${id}-error`}
          role={announceError ? 'alert' : undefined}
          className="mt-1 text-xs text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
