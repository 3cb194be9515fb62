import { useState } from 'react';
import type { Integration } from '../../../shared/api/integrations';
import { Button } from '../../components/ui/Button';
import { Field, InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import {
  useDeleteIntegration,
  useRevealApiKey,
  useRotateSecret,
  useSetIntegrationEnabled,
  useSyncIntegration,
} from './mutations';
import { HEALTH_TONE, STATUS_TONE, capitalize } from './rules';
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.panel;

/** The detail side panel: Sync Now (a signed ping, its result shown), Disable or Enable, Delete. */
export function IntegrationPanel({
  integration,
  onDeleted,
}: {
  integration: Integration;
  onDeleted: () => void;
}) {
  const sync = useSyncIntegration();
  const enable = useSetIntegrationEnabled();
  const remove = useDeleteIntegration();
  const reveal = useRevealApiKey();
  const rotate = useRotateSecret();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const failure = sync.error ?? enable.error ?? remove.error ?? reveal.error ?? rotate.error;
  const inactive = integration.status === 'inactive';

  const toggleReveal = () => {
    if (revealed) {
      setRevealed(null);
      return;
    }
    reveal.mutate(integration.id, { onSuccess: (answer) => setRevealed(answer.apiKey) });
  };

  return (
    <aside
      aria-label={TEXTS.name(integration.name)}
      className="rounded-lg border border-line bg-surface p-5 shadow-sm"
    >
      <h2 className="text-base font-semibold text-fg">{integration.name}</h2>
      <p className="mt-1 text-sm text-muted">
        {integration.description || integration.provider || TEXTS.webhookEndpoint}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <StatusBadge tone={STATUS_TONE[integration.status]}>{capitalize(integration.status)}</StatusBadge>
        <StatusBadge tone={HEALTH_TONE[integration.health]}>{capitalize(integration.health)}</StatusBadge>
      </div>
      {integration.statusReason && <p className="mt-2 text-sm text-fg">{integration.statusReason}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Field label={TEXTS.fields.webhook}>
          {integration.config.webhook ?? integration.config.endpoint ?? '—'}
        </Field>
        <Field label={TEXTS.fields.frequency}>{integration.config.frequency}</Field>
        <Field label={TEXTS.fields.lastSync}>{formatDateTime(integration.lastSync)}</Field>
        <Field label={TEXTS.fields.nextSync}>{formatDateTime(integration.nextSync, '—')}</Field>
        <Field label={TEXTS.fields.requests}>{integration.requests}</Field>
        <Field label={TEXTS.fields.errors}>{integration.errors}</Field>
        <Field label={TEXTS.fields.uptime}>{`${integration.uptime}%`}</Field>
        <Field label={TEXTS.fields.events}>{integration.events.join(', ')}</Field>
      </dl>
      {integration.config.apiKey && (
        <div className="mt-4 flex items-center gap-2">
          <span className="text-sm text-muted">{TEXTS.apiKey}</span>
          <code className="text-sm text-fg">{revealed ?? integration.config.apiKey}</code>
          <Button
            variant="ghost"
            onClick={toggleReveal}
            disabled={reveal.isPending}
            aria-pressed={revealed !== null}
          >
            {revealed ? TEXTS.hide : TEXTS.reveal}
          </Button>
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="primary"
          onClick={() => sync.mutate(integration.id)}
          disabled={sync.isPending || inactive}
        >
          {TEXTS.syncNow}
        </Button>
        <Button
          onClick={() => enable.mutate({ id: integration.id, enabled: inactive })}
          disabled={enable.isPending}
        >
          {inactive ? TEXTS.enable : TEXTS.disable}
        </Button>
        {integration.type === 'webhook' && (
          <Button onClick={() => rotate.mutate(integration.id)} disabled={rotate.isPending}>
            {TEXTS.rotateSecret}
          </Button>
        )}
        <Button onClick={() => setConfirming(true)}>{TEXTS.delete}</Button>
      </div>
      {rotate.data && (
        <div role="status" className="mt-3 space-y-1 text-sm text-fg">
          <p>{TEXTS.rotated(formatDateTime(rotate.data.previousSecretUntil))}</p>
          <code className="block break-all">{rotate.data.secret}</code>
        </div>
      )}
      {sync.data && (
        <p role="status" className="mt-3 text-sm text-fg">
          {sync.data.ok
            ? TEXTS.pingDelivered(sync.data.responseStatus ?? '', sync.data.responseTimeMs ?? 0)
            : TEXTS.pingFailed(sync.data.error ?? INTEGRATION_TEXTS.noAnswer)}
        </p>
      )}
      <div className="mt-3">
        <InlineError message={failure ? errorMessage(failure, INTEGRATION_TEXTS.actionFailed) : null} />
      </div>
      <Modal open={confirming} title={TEXTS.deleteTitle} onClose={() => setConfirming(false)} size="sm">
        <p className="text-sm text-fg">{TEXTS.deleteConfirm(integration.name)}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>{INTEGRATION_TEXTS.cancel}</Button>
          <Button
            variant="primary"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(integration.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted();
                },
              })
            }
          >
            {TEXTS.delete}
          </Button>
        </div>
      </Modal>
    </aside>
  );
}
