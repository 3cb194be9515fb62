import { useState, type FormEvent } from 'react';
import type { Integration } from '../../../shared/api/integrations';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../shared/integrations';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useCreateIntegration, useSyncIntegration } from './mutations';
import { FormField } from '../../components/ui/FormField';
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.add;

/**
 * Add Integration: a webhook endpoint (name, URL, events, optional third-party API key). Its signing
 * secret is shown once, and a test event can be sent before closing.
 */
export function AddIntegrationModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['user.created']);
  const [created, setCreated] = useState<{ integration: Integration; secret: string } | null>(null);
  const create = useCreateIntegration();
  const test = useSyncIntegration();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, url, events, ...(apiKey ? { apiKey } : {}) },
      { onSuccess: (answer) => setCreated(answer) },
    );
  }
  const toggle = (type: WebhookEventType) =>
    setEvents((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));

  return (
    <Modal open title={INTEGRATION_TEXTS.addIntegration} onClose={onClose} size="lg">
      {created ? (
        <div className="space-y-4">
          <p className="text-sm text-fg">{TEXTS.added(created.integration.name)}</p>
          <FormField label={TEXTS.signingSecret}>
            {(field) => <input {...field} readOnly value={created.secret} className={INPUT_CLASS} />}
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => test.mutate(created.integration.id)} disabled={test.isPending}>
              {TEXTS.sendTest}
            </Button>
            {test.data && (
              <p role="status" className="text-sm text-fg">
                {test.data.ok
                  ? TEXTS.testDelivered(test.data.responseStatus ?? '', test.data.responseTimeMs ?? 0)
                  : TEXTS.testFailed(test.data.error ?? INTEGRATION_TEXTS.noAnswer)}
              </p>
            )}
            <InlineError message={test.error ? errorMessage(test.error, TEXTS.testRequestFailed) : null} />
          </div>
          <div className="flex justify-end">
            <Button variant="primary" onClick={onClose}>
              {INTEGRATION_TEXTS.done}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <FormField label={TEXTS.name}>
            {(field) => (
              <input
                {...field}
                required
                value={name}
                onChange={(e) => setName(e.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </FormField>
          <FormField label={TEXTS.url}>
            {(field) => (
              <input
                {...field}
                type="url"
                required
                placeholder={TEXTS.urlPlaceholder}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </FormField>
          <fieldset>
            <legend className="text-sm font-medium text-fg">{TEXTS.events}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-fg">
                  <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
                  {type}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label={TEXTS.apiKey}>
            {(field) => (
              <input
                {...field}
                type="password"
                autoComplete="off"
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </FormField>
          <InlineError message={create.error ? errorMessage(create.error, TEXTS.failed) : null} />
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>{INTEGRATION_TEXTS.cancel}</Button>
            <Button type="submit" variant="primary" disabled={create.isPending || events.length === 0}>
              {INTEGRATION_TEXTS.addIntegration}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
