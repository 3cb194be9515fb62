import { useState } from 'react';
import type { RestoreTestSchedule } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { Card, Field, InlineError } from '../../components/ui/Card';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { scheduleInWords } from './format';
import { useRestoreTest, useSaveRestoreTest } from './queries';
import { RestoreTestDialog } from './RestoreTestDialog';
import { JOB_STATUS, VERIFICATION } from './statuses';
import { BACKUP_TEXTS } from './texts';

const badge = ([tone, text]: [Parameters<typeof StatusBadge>[0]['tone'], string]) => (
  <StatusBadge tone={tone}>{text}</StatusBadge>
);

/**
 * The daily restore test (issue 29, protected by default): when it runs, how far back it draws a recovery
 * point, its next run and the last result, with Edit and Pause/Resume. Shown once its setting has loaded
 * (a failure is only logged, as the screen's other loads).
 */
export function RestoreTestCard() {
  const { data } = useRestoreTest();
  const save = useSaveRestoreTest();
  const [editing, setEditing] = useState(false);
  if (!data) return null;
  const input = { status: data.status, schedule: data.schedule, windowDays: data.windowDays };
  const paused = data.status === 'paused';
  return (
    <Card
      title={BACKUP_TEXTS.restoreTestTitle}
      actions={
        <div className="flex gap-2">
          <Button onClick={() => setEditing(true)}>Edit restore test</Button>
          <Button
            onClick={() => save.mutate({ ...input, status: paused ? 'active' : 'paused' })}
            disabled={save.isPending}
          >
            {paused ? 'Resume' : 'Pause'} restore test
          </Button>
        </div>
      }
    >
      <p className="mb-4 text-sm text-muted">{BACKUP_TEXTS.restoreTestAbout}</p>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <Field label="Schedule">
          <span>{scheduleInWords(data.schedule)}</span>{' '}
          <span className="font-mono text-xs text-muted">{data.schedule}</span>
        </Field>
        <Field label="Window">Last {days(data.windowDays)}</Field>
        <Field label="Status">{badge(JOB_STATUS[data.status]!)}</Field>
        <Field label="Next run">{data.nextRun ? formatDateTime(data.nextRun) : '—'}</Field>
        <Field label="Last result">
          <LastResult test={data.lastTest} />
        </Field>
      </dl>
      <InlineError message={save.error ? errorMessage(save.error, BACKUP_TEXTS.requestFailed) : null} />
      <RestoreTestDialog open={editing} onClose={() => setEditing(false)} current={input} />
    </Card>
  );
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function LastResult({ test }: { test: RestoreTestSchedule['lastTest'] }) {
  if (!test) return <>{BACKUP_TEXTS.noRestoreTest}</>;
  return (
    <>
      {badge(VERIFICATION[test.verification]!)} {formatDateTime(test.at)}
    </>
  );
}
