import { useState } from 'react';
import { RESTORE_CONFIRMATION, type RecoveryPoint } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/errors';
import { BACKUP_TEXTS } from './texts';
import { useRestore } from './queries';
import { FormField } from '../../components/ui/FormField';

/** Restore asks for the word typed: it replaces every row of the database. */
export function RestoreDialog({ point, onClose }: { point: RecoveryPoint | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const restore = useRestore();
  const close = () => {
    setTyped('');
    restore.reset();
    onClose();
  };
  return (
    <Modal open={point !== null} title="Restore from a recovery point" onClose={close}>
      {point ? (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            restore.mutate({ id: point.id, confirmation: typed }, { onSuccess: close });
          }}
        >
          <p className="text-sm text-fg">
            The database goes back to the backup of {formatDateTime(point.timestamp)}. Changes made since are
            lost. A safety backup is made first, and the console is in maintenance mode while it runs.
          </p>
          <FormField label={<>Type {RESTORE_CONFIRMATION} to confirm</>}>
            {(field) => (
              <input
                {...field}
                className={INPUT_CLASS}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <InlineError
            message={restore.error ? errorMessage(restore.error, BACKUP_TEXTS.requestFailed) : null}
          />
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              variant="primary"
              disabled={typed !== RESTORE_CONFIRMATION || restore.isPending}
            >
              {restore.isPending ? 'Restoring…' : 'Restore'}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
