import { useState } from 'react';
import type { Alert } from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useAssignAlert } from './mutations';
import { useAssignees } from './queries';
import { FormField } from '../../components/ui/FormField';
import { ALERT_TEXTS } from './texts';

const TEXTS = ALERT_TEXTS.assign;

const NOBODY = '';

/**
 * Assign an alert: "Assign to me" as the quick choice, and, for a user who may list users, a picker of the
 * active users who may see alerts (or nobody). The alert carries its assignee's name, so the picker starts
 * on the user of that name when there is exactly one.
 */
export function AssignControl({
  alert,
  me,
  canListUsers,
}: {
  alert: Alert;
  me: { userId: string } | null;
  canListUsers: boolean;
}) {
  const assignees = useAssignees(canListUsers);
  const assign = useAssignAlert();
  const named = assignees.data?.filter((u) => u.name === alert.assignedTo) ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (named.length === 1 ? named[0]!.id : NOBODY);
  return (
    <div className="flex flex-wrap items-end gap-2">
      {canListUsers ? (
        <>
          <FormField label={TEXTS.assignTo}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={choice}
                disabled={!assignees.data}
                onChange={(e) => setPicked(e.target.value)}
              >
                <option value={NOBODY}>{TEXTS.nobody}</option>
                {assignees.data?.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.email})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button
            disabled={assign.isPending || !assignees.data}
            onClick={() => assign.mutate({ alertId: alert.id, userId: choice || null })}
          >
            {TEXTS.assign}
          </Button>
        </>
      ) : null}
      {me ? (
        <Button
          disabled={assign.isPending}
          onClick={() => {
            setPicked(me.userId);
            assign.mutate({ alertId: alert.id, userId: me.userId });
          }}
        >
          {TEXTS.assignToMe}
        </Button>
      ) : null}
      {assignees.isError ? <p className="w-full text-xs text-muted">{TEXTS.usersFailed}</p> : null}
      <div className="w-full">
        <InlineError message={assign.error ? errorMessage(assign.error, TEXTS.failed) : null} />
      </div>
    </div>
  );
}
