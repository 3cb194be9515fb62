import { useState } from 'react';
import { maintenanceWindowInput, type MaintenanceWindowInput } from '../../../../shared/alerting';
import { Button } from '../../../components/ui/Button';
import { InlineError } from '../../../components/ui/Card';
import { Modal } from '../../../components/ui/Modal';
import { INPUT_CLASS } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/errors';
import { useCreateMaintenanceWindow } from '../../alerts/mutations';
import { errorsUnder, fieldErrors, type FieldErrors } from '../form-errors';
import { FormField } from '../../../components/ui/FormField';
import { NumberControl } from '../FormControls';
import { MatcherRows } from './MatcherRows';
import { ALERT_RULES_TEXTS } from '../texts';

const TEXTS = ALERT_RULES_TEXTS.muting.windowForm;

/** Sunday first, as `Date.getUTCDay()` counts (0 = Sunday). */
export const WEEKDAYS = TEXTS.weekdays;

/** Adds a recurring maintenance window: on chosen weekdays from a UTC time for some minutes. */
export function MaintenanceWindowFormModal({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState<MaintenanceWindowInput>({
    name: '',
    weekdays: [0],
    start: '02:00',
    minutes: 60,
    matchers: [],
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateMaintenanceWindow();
  const toggleDay = (day: number, on: boolean) =>
    setDraft({
      ...draft,
      weekdays: on ? [...draft.weekdays, day].sort((a, b) => a - b) : draft.weekdays.filter((d) => d !== day),
    });
  return (
    <Modal open title={TEXTS.title} onClose={onClose} size="lg">
      <form
        noValidate
        className="space-y-4 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const result = maintenanceWindowInput.safeParse(draft);
          setErrors(result.success ? {} : fieldErrors(result.error));
          if (result.success) create.mutate(result.data, { onSuccess: onClose });
        }}
      >
        <FormField label={TEXTS.name} error={errors['name']}>
          {(props) => (
            <input
              {...props}
              className={INPUT_CLASS}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          )}
        </FormField>
        <fieldset aria-describedby={errors['weekdays'] ? 'window-days-error' : undefined}>
          <legend className="font-medium text-fg">{TEXTS.days}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {WEEKDAYS.map((day, i) => (
              <label key={day} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={draft.weekdays.includes(i)}
                  onChange={(e) => toggleDay(i, e.target.checked)}
                />
                {day}
              </label>
            ))}
          </div>
          {errors['weekdays'] ? (
            <p id="window-days-error" className="mt-1 text-xs text-red-700 dark:text-red-400">
              {errors['weekdays']}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={TEXTS.startsAt} error={errors['start']}>
            {(props) => (
              <input
                {...props}
                type="time"
                className={INPUT_CLASS}
                value={draft.start}
                onChange={(e) => setDraft({ ...draft, start: e.target.value })}
              />
            )}
          </FormField>
          <NumberControl
            label={TEXTS.duration}
            value={draft.minutes}
            min={1}
            onChange={(minutes) => setDraft({ ...draft, minutes })}
            error={errors['minutes']}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="font-medium text-fg">{ALERT_RULES_TEXTS.muting.matchers.legend}</legend>
          <p className="text-muted">{TEXTS.about}</p>
          <MatcherRows
            value={draft.matchers}
            errors={errorsUnder(errors, 'matchers')}
            onChange={(matchers) => setDraft({ ...draft, matchers })}
          />
        </fieldset>
        <InlineError message={create.error ? errorMessage(create.error, TEXTS.failed) : null} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{TEXTS.cancel}</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {TEXTS.add}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
