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
import { ALERT_RULES_TEXTS } from '../texts';

const TEXTS = ALERT_RULES_TEXTS.muting.silenceForm;

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
    if (!from) found['startsAt'] = TEXTS.startsMissing;
    if (!to) found['endsAt'] = TEXTS.endsMissing;
    setErrors(found);
    if (result.success) create.mutate(result.data, { onSuccess: onClose });
  };
  return (
    <Modal open title={TEXTS.title} onClose={onClose} size="lg">
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
          <legend className="font-semibold text-fg">{ALERT_RULES_TEXTS.muting.matchers.legend}</legend>
          <p className="text-muted">{TEXTS.about}</p>
          <MatcherRows value={matchers} errors={errorsUnder(errors, 'matchers')} onChange={setMatchers} />
          {errors['matchers'] ? (
            <p id="silence-matchers-error" className="text-xs text-red-700 dark:text-red-400">
              {errors['matchers']}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={TEXTS.starts} error={errors['startsAt']}>
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
          <FormField label={TEXTS.ends} error={errors['endsAt']}>
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
        <FormField label={TEXTS.comment} error={errors['comment']}>
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
        <InlineError message={create.error ? errorMessage(create.error, TEXTS.failed) : null} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{TEXTS.cancel}</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {TEXTS.create}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
