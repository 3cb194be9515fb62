import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { InlineError } from '../../../components/ui/Card';
import { errorMessage } from '../../../lib/errors';
import { useDeleteMaintenanceWindow, useDeleteSilence } from '../../alerts/mutations';
import { useMaintenanceWindows, useSilences } from '../../alerts/queries';
import { MaintenanceWindowFormModal, WEEKDAYS } from './MaintenanceWindowFormModal';
import { matcherText } from './MatcherRows';
import { SilenceFormModal } from './SilenceFormModal';
import { ALERT_TEXTS } from '../../alerts/texts';

const when = (iso: string) => new Date(iso).toLocaleString();
const days = (weekdays: readonly number[]) =>
  weekdays.length === 7 ? 'Every day' : weekdays.map((d) => WEEKDAYS[d]?.slice(0, 3)).join(', ');

/**
 * Silences and recurring maintenance windows, beside the channels whose notifications they mute: both are
 * platform-wide (not a personal preference), and both need alerts.update to change, like "send test".
 */
export function MutingSection({ canChange }: { canChange: boolean }) {
  const silences = useSilences();
  const windows = useMaintenanceWindows();
  const endSilence = useDeleteSilence();
  const removeWindow = useDeleteMaintenanceWindow();
  const [open, setOpen] = useState<'silence' | 'window' | null>(null);
  const error = endSilence.error ?? removeWindow.error;
  return (
    <div className="space-y-6 text-sm">
      <InlineError message={error ? errorMessage(error, 'The change failed') : null} />
      <section aria-labelledby="silences-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="silences-heading" className="text-base font-semibold text-fg">
            Silences
          </h2>
          {canChange ? <Button onClick={() => setOpen('silence')}>New silence</Button> : null}
        </div>
        <p className="text-muted">
          A silence mutes the notifications of the series it matches between two times; the alerts are still
          raised and shown.
        </p>
        {silences.isPending ? <p className="text-muted">Loading…</p> : null}
        {silences.isError ? <p className="text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
        {silences.data?.length === 0 ? <p className="text-muted">No silences now or to come.</p> : null}
        <ul className="space-y-2" aria-label="Silences">
          {silences.data?.map((s) => (
            <li key={s.id} className="space-y-1 rounded-lg border border-line bg-surface p-3">
              <p className="font-medium text-fg">{matcherText(s.matchers)}</p>
              <p className="text-muted">
                From {when(s.startsAt)} to {when(s.endsAt)} · by {s.createdByName}
              </p>
              <p>{s.comment}</p>
              {canChange ? (
                <Button
                  disabled={endSilence.isPending}
                  onClick={() => {
                    if (window.confirm(`End the silence "${s.comment}" now?`)) endSilence.mutate(s.id);
                  }}
                >
                  End silence
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="maintenance-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="maintenance-heading" className="text-base font-semibold text-fg">
            Maintenance windows
          </h2>
          {canChange ? <Button onClick={() => setOpen('window')}>New maintenance window</Button> : null}
        </div>
        <p className="text-muted">Recurring times (UTC) when the matching series notify nobody.</p>
        {windows.isPending ? <p className="text-muted">Loading…</p> : null}
        {windows.isError ? <p className="text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
        {windows.data?.length === 0 ? <p className="text-muted">No maintenance windows.</p> : null}
        <ul className="space-y-2" aria-label="Maintenance windows">
          {windows.data?.map((w) => (
            <li key={w.id} className="space-y-1 rounded-lg border border-line bg-surface p-3">
              <p className="font-medium text-fg">{w.name}</p>
              <p className="text-muted">
                {days(w.weekdays)} at {w.start} UTC for {w.minutes} {w.minutes === 1 ? 'minute' : 'minutes'} ·{' '}
                {matcherText(w.matchers)}
              </p>
              {canChange ? (
                <Button
                  disabled={removeWindow.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove the maintenance window "${w.name}"?`))
                      removeWindow.mutate(w.id);
                  }}
                >
                  Remove {w.name}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {open === 'silence' ? <SilenceFormModal onClose={() => setOpen(null)} /> : null}
      {open === 'window' ? <MaintenanceWindowFormModal onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
