import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button';
import { errorMessage } from '../lib/errors';
import { logScreenError } from '../lib/log';

/** Shown when a screen fails to load or render; the cause goes to the log. */
export function RouteError() {
  const error = useRouteError();
  // Once per failure, not per render.
  useEffect(() => logScreenError(error), [error]);
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <section
        role="alert"
        className="max-w-md rounded-xl border border-line bg-surface p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold text-fg">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted">{errorMessage(error, 'This screen could not be shown.')}</p>
        <Button variant="primary" className="mt-6" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </section>
    </main>
  );
}
