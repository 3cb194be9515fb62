import { useState } from 'react';
import { alertAge, type Alert } from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { AssignControl } from './AssignControl';
import { useAlertTransition, type AlertAction } from './mutations';
import { capitalize, SEVERITY_TONE, STATUS_TONE } from './rules';
import { useMinuteClock } from '../alerts-feed/queries';
import { FormField } from '../../components/ui/FormField';
import { ALERT_TEXTS } from './texts';

const TEXTS = ALERT_TEXTS.details;

/** An alert's details panel: its fields, its history, and the transitions (part 2 §4, issue 12). */
export function AlertDetails({
  alert,
  canChange,
  canListUsers,
  me,
  onClose,
}: {
  alert: Alert;
  canChange: boolean;
  canListUsers: boolean;
  me: { userId: string } | null;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  const transition = useAlertTransition();
  const now = useMinuteClock();
  const act = (action: AlertAction) =>
    transition.mutate({ alertId: alert.id, action, comment }, { onSuccess: () => setComment('') });
  const open = alert.status !== 'resolved';
  const error = transition.error;
  return (
    <Modal open title={alert.title} onClose={onClose} size="lg">
      <div className="space-y-4 text-sm">
        <div className="flex flex-wrap gap-2">
          <StatusBadge tone={SEVERITY_TONE[alert.severity]}>{capitalize(alert.severity)}</StatusBadge>
          <StatusBadge tone={STATUS_TONE[alert.status]}>{capitalize(alert.status)}</StatusBadge>
        </div>
        <p className="text-fg">{alert.description}</p>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{TEXTS.fields.source}</dt>
          <dd>{alert.source || '—'}</dd>
          <dt className="text-muted">{TEXTS.fields.category}</dt>
          <dd>{capitalize(alert.category)}</dd>
          <dt className="text-muted">{TEXTS.fields.raised}</dt>
          <dd>
            {new Date(alert.timestamp).toLocaleString()} ({alertAge(alert.timestamp, now)})
          </dd>
          <dt className="text-muted">{TEXTS.fields.assignedTo}</dt>
          <dd>{alert.assignedTo ?? TEXTS.nobody}</dd>
          {alert.metrics ? (
            <>
              <dt className="text-muted">{TEXTS.fields.value}</dt>
              <dd>{TEXTS.value(alert.metrics.value, alert.metrics.unit, alert.metrics.threshold)}</dd>
            </>
          ) : null}
          {Object.keys(alert.labels).length ? (
            <>
              <dt className="text-muted">{TEXTS.fields.series}</dt>
              <dd>
                {Object.entries(alert.labels)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', ')}
              </dd>
            </>
          ) : null}
        </dl>
        <section aria-label={TEXTS.history}>
          <h3 className="mb-2 font-semibold text-fg">{TEXTS.history}</h3>
          <ol className="space-y-1">
            {alert.history.map((h, i) => (
              <li key={i} className="flex flex-wrap gap-2">
                <span className="text-muted">{new Date(h.at).toLocaleString()}</span>
                <span>{capitalize(h.status)}</span>
                <span className="text-muted">{TEXTS.by(h.byName)}</span>
                {h.comment ? <span>{TEXTS.comment(h.comment)}</span> : null}
              </li>
            ))}
          </ol>
        </section>
        {canChange && open ? (
          <section aria-label={TEXTS.actions} className="space-y-2">
            <FormField label={TEXTS.commentLabel}>
              {(field) => (
                <textarea
                  {...field}
                  className={INPUT_CLASS}
                  rows={2}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                />
              )}
            </FormField>
            <InlineError message={error ? errorMessage(error, TEXTS.changeFailed) : null} />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="primary"
                disabled={!comment.trim() || transition.isPending || alert.status === 'acknowledged'}
                onClick={() => act('acknowledge')}
              >
                {TEXTS.acknowledge}
              </Button>
              <Button disabled={transition.isPending} onClick={() => act('resolve')}>
                {TEXTS.resolve}
              </Button>
              <Button
                disabled={transition.isPending || alert.status === 'suppressed'}
                onClick={() => act('suppress')}
              >
                {TEXTS.suppress}
              </Button>
            </div>
            <AssignControl alert={alert} me={me} canListUsers={canListUsers} />
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
