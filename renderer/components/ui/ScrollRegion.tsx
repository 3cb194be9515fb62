import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A box that scrolls its content (issue 17): focusable and named, so a keyboard user can reach it and
 * scroll it with the arrow keys, and a screen reader announces what it holds. Use it for a scrolling box
 * of text; one whose content has controls is reached through them.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={clsx('overflow-auto', className)}>
      {children}
    </div>
  );
}
