import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { useSendTest } from './mutations';

/** Sends a test through the saved settings and says what happened, next to the button. */
export function SendTestButton({
  kind,
  label,
  sentText,
}: {
  kind: 'email' | 'webhook';
  label: string;
  sentText: string;
}) {
  const send = useSendTest(kind);
  const outcome = send.isError
    ? errorMessage(send.error, 'The test could not be sent.')
    : send.data
      ? send.data.sent
        ? sentText
        : (send.data.reason ?? 'The test could not be sent.')
      : 'Uses the saved settings: save your changes first.';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : label}
      </Button>
      <p role="status" className="text-xs text-muted">
        {outcome}
      </p>
    </div>
  );
}
