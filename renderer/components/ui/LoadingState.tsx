import { errorMessage } from '../../lib/errors';
import { Spinner } from './Spinner';

/** What a screen shows until its data is there: a spinner and a label, or why loading failed. */
export function LoadingState({
  label,
  error,
  fallback,
}: {
  label: string;
  error?: unknown;
  /** The message when the error has none of its own. */
  fallback: string;
}) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted">
      {error ? (
        errorMessage(error, fallback)
      ) : (
        <>
          <Spinner /> {label}
        </>
      )}
    </div>
  );
}
