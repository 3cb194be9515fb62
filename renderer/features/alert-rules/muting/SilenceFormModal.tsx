import { useState } from 'react';
import { silenceInput, type SilenceMatcher } from '../../../../shared/alerting';
import { Button } from '../../../components/ui/Button';
import { InlineError } from '../../../components/ui/Card';
import { Modal } from '../../../components/ui/Modal';
import { INPUT_CLASS } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/errors';
import { useCreateSilence } from '../../alerts/mutations';
import { errorsUnder, fieldErrors, type FieldErrors } from '../form-errors';
import { FormField } from '../../../components/ui/FormField';
import { MatcherRows } from './MatcherRows';

const HOUR_MS = 3_600_000;

/** A `datetime-local` value (the user's local time) for an instant, to the minute. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a `datetime-local` value names in the user's time zone, or null when it names none. */
const instant = (value: string): string | null => {
  const ms = new Date(value).getTime();
  return value && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** Creates a silence: matchers, start and end (local time), and why. The author is the signed-in user. */
export function SilenceFormModal({ onClose }: { onClose: () => void }) {
  const [now] = useState(() => Date.now());
  const [matchers, setMatchers] = useState<SilenceMatcher[]>([{ label: 'route', operator: '==', value: '' }]);
  const [startsAt, setStartsAt] = useState(() => localInput(now));
  const [endsAt, setEndsAt] = useState(() => localInput(now + 2 * HOUR_MS));
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateSilence();
  const submit = () => {
    const from = instant(startsAt);
    const to = instant(endsAt);
    const result = silenceInput.safeParse({ matchers, startsAt: from ?? '', endsAt: to ?? '', comment });
    const found: Record<string, string> = result.success ? {} : { ...fieldErrors(result.error) };
    if (!from) found['startsAt'] = 'Enter when the silence starts';
    if (!to) found['endsAt'] = 'Enter when the silence ends';
    setErrors(found);
    if (result.success) create.mutate(result.data, { onSuccess: onClose });
  };
  return (
    <Modal open title="New silence" onClose={onClose} size="lg">
      <form
        noValidate
        className="space-y-4 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset
          className="space-y-2"
          aria-describedby={errors['matchers'] ? 'silence-matchers-error' : undefined}
        >
          <legend className="font-semibold text-fg">Matchers</legend>
          <p className="text-muted">The notifications of every series that matches all of them are muted.</p>
          <MatcherRows value={matchers} errors={errorsUnder(errors, 'matchers')} onChange={setMatchers} />
          {errors['matchers'] ? (
            <p id="silence-matchers-error" className="text-xs text-red-700 dark:text-red-400">
              {errors['matchers']}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Starts" error={errors['startsAt']}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                className={INPUT_CLASS}
                value={startsAt}
                onChange={(e) => setStartsAt(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Ends" error={errors['endsAt']}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                className={INPUT_CLASS}
                value={endsAt}
                onChange={(e) => setEndsAt(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <FormField label="Comment" error={errors['comment']}>
          {(props) => (
            <textarea
              {...props}
              rows={2}
              className={INPUT_CLASS}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          )}
        </FormField>
        <InlineError
          message={create.error ? errorMessage(create.error, 'Creating the silence failed') : null}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            Create silence
          </Button>
        </div>
      </form>
    </Modal>
  );
}
