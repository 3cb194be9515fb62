import { ShieldX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { roleDisplayName } from '../../../shared/permissions';
import { Button } from '../../components/ui/Button';

/** Part 1 §2: shown in place of a screen the user's role or permissions do not open. */
export function AccessDenied({
  requirement,
  role,
  message = "You don't have permission to access this page.",
}: {
  requirement?: string;
  role: string;
  message?: string;
}) {
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <section className="mx-auto mt-12 max-w-md rounded-xl border border-line bg-surface p-8 text-center shadow-sm">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
        <ShieldX aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-fg">Access Denied</h1>
      <p className="mt-2 text-sm text-muted">{message}</p>
      <div className="mt-5 space-y-1 rounded-lg bg-surface-muted px-4 py-3 text-sm">
        {requirement ? <p className="font-medium text-fg">{requirement}</p> : null}
        <p className="text-muted">Your role: {roleDisplayName(role)}</p>
      </div>
      <Button variant="primary" className="mt-6" onClick={goBack}>
        Go Back
      </Button>
    </section>
  );
}
