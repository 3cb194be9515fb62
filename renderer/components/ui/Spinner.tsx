import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('size-5 animate-spin text-accent', className)} />;
}
