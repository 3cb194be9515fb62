import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { useSendTest } from './mutations';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const TEXTS = SYSTEM_SETTINGS_TEXTS.sendTest;

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
    ? errorMessage(send.error, TEXTS.failed)
    : send.data
      ? send.data.sent
        ? sentText
        : (send.data.reason ?? TEXTS.failed)
      : TEXTS.about;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? TEXTS.sending : label}
      </Button>
      <p role="status" className="text-xs text-muted">
        {outcome}
      </p>
    </div>
  );
}
