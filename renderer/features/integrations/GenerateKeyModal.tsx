import { useState, type FormEvent } from 'react';
import { PERMISSIONS } from '../../../shared/permissions';
import { API_KEY_EXPIRY_DAYS } from '../../../shared/integrations';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useGenerateApiKey } from './mutations';
import { FormField } from '../../components/ui/FormField';
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.keys;

/** Shows a key once (after Generate Key or Regenerate). */
export function IssuedKey({ apiKey }: { apiKey: string }) {
  return (
    <FormField label={TEXTS.issued}>
      {(field) => <input {...field} readOnly value={apiKey} className={INPUT_CLASS} />}
    </FormField>
  );
}

/** Generate Key: name, scopes from the catalogue (only those the caller holds), optional expiry. */
export function GenerateKeyModal({ onClose }: { onClose: () => void }) {
  const held = useAuthStore((s) => s.user?.permissions ?? []);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  const generate = useGenerateApiKey();
  const choices = PERMISSIONS.filter((p) => held.includes(p.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    generate.mutate(
      { name, scopes, expiresInDays: expiry ? Number(expiry) : null },
      { onSuccess: (answer) => setIssued(answer.key) },
    );
  }
  const toggle = (scope: string) =>
    setScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));

  return (
    <Modal open title={TEXTS.generate} onClose={onClose} size="lg">
      {issued ? (
        <div className="space-y-4">
          <IssuedKey apiKey={issued} />
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
          <fieldset>
            <legend className="text-sm font-medium text-fg">{TEXTS.scopes}</legend>
            <div className="mt-2 grid max-h-56 grid-cols-2 gap-2 overflow-y-auto">
              {choices.map((p) => (
                <label key={p.id} className="flex items-center gap-2 text-sm text-fg">
                  <input type="checkbox" checked={scopes.includes(p.id)} onChange={() => toggle(p.id)} />
                  {p.id}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label={TEXTS.expires}>
            {(field) => (
              <select
                {...field}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                className={INPUT_CLASS}
              >
                <option value="">{TEXTS.never}</option>
                {API_KEY_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {TEXTS.inDays(days)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <InlineError message={generate.error ? errorMessage(generate.error, TEXTS.failed) : null} />
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>{INTEGRATION_TEXTS.cancel}</Button>
            <Button type="submit" variant="primary" disabled={generate.isPending || scopes.length === 0}>
              {TEXTS.generate}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
