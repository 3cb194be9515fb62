import type { ButtonHTMLAttributes, Ref } from 'react';
import { clsx } from 'clsx';

type Variant = 'primary' | 'secondary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg shadow-sm hover:opacity-90',
  secondary: 'border border-line bg-surface text-fg shadow-sm hover:bg-surface-muted',
  ghost: 'text-muted hover:bg-surface-muted hover:text-fg',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'secondary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium transition',
        'disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Required: an icon-only button is named by its label. */
  'aria-label': string;
  /** For a caller that gives focus back to the button (React 19 passes refs as props). */
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      className={clsx(
        'relative inline-flex size-9 items-center justify-center rounded-md text-muted transition',
        'hover:bg-surface-muted hover:text-fg disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
