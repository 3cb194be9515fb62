import { useState } from 'react';
import {
  BACKUP_JOB_STATUSES,
  RESTORE_TEST_WINDOW_BOUNDS,
  type RestoreTestInput,
} from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { FormField } from '../../components/ui/FormField';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { scheduleInWords } from './format';
import { useSaveRestoreTest } from './queries';
import { JOB_STATUS } from './statuses';
import { BACKUP_TEXTS } from './texts';

/** Edits the daily restore test, as Configure edits a backup job: schedule (cron, UTC), window, status. */
export function RestoreTestDialog({
  open,
  onClose,
  current,
}: {
  open: boolean;
  onClose: () => void;
  current: RestoreTestInput;
}) {
  return (
    <Modal open={open} title="Edit daily restore test" onClose={onClose}>
      {/* Mounted per opening: the form starts from the setting as it is now. */}
      {open ? <RestoreTestForm current={current} onDone={onClose} /> : null}
    </Modal>
  );
}

function RestoreTestForm({ current, onDone }: { current: RestoreTestInput; onDone: () => void }) {
  const [body, setBody] = useState(current);
  const save = useSaveRestoreTest();
  const set = <K extends keyof RestoreTestInput>(key: K, value: RestoreTestInput[K]) =>
    setBody((b) => ({ ...b, [key]: value }));
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(body, { onSuccess: onDone });
      }}
    >
      <FormField label="Schedule (cron, UTC)" hint={scheduleInWords(body.schedule)}>
        {(field) => (
          <input
            {...field}
            className={INPUT_CLASS}
            value={body.schedule}
            onChange={(e) => set('schedule', e.target.value)}
            required
          />
        )}
      </FormField>
      <FormField label="Window (days)" hint="A random recovery point of the last this many days is tested.">
        {(field) => (
          <input
            {...field}
            className={INPUT_CLASS}
            type="number"
            min={RESTORE_TEST_WINDOW_BOUNDS.min}
            max={RESTORE_TEST_WINDOW_BOUNDS.max}
            value={body.windowDays}
            onChange={(e) => set('windowDays', Number(e.target.value))}
            required
          />
        )}
      </FormField>
      <FormField label="Status">
        {(field) => (
          <select
            {...field}
            className={INPUT_CLASS}
            value={body.status}
            onChange={(e) => set('status', e.target.value as RestoreTestInput['status'])}
          >
            {BACKUP_JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {JOB_STATUS[s]![1]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="sm:col-span-2">
        <InlineError message={save.error ? errorMessage(save.error, BACKUP_TEXTS.requestFailed) : null} />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save restore test
        </Button>
      </div>
    </form>
  );
}
