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
import { ALERT_RULES_TEXTS } from '../texts';

const SILENCES = ALERT_RULES_TEXTS.muting.silences;
const WINDOWS = ALERT_RULES_TEXTS.muting.windows;

const when = (iso: string) => new Date(iso).toLocaleString();
const days = (weekdays: readonly number[]) =>
  weekdays.length === 7 ? WINDOWS.everyDay : weekdays.map((d) => WEEKDAYS[d]?.slice(0, 3)).join(', ');

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
      <InlineError message={error ? errorMessage(error, ALERT_RULES_TEXTS.changeFailed) : null} />
      <section aria-labelledby="silences-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="silences-heading" className="text-base font-semibold text-fg">
            {SILENCES.heading}
          </h2>
          {canChange ? <Button onClick={() => setOpen('silence')}>{SILENCES.add}</Button> : null}
        </div>
        <p className="text-muted">{SILENCES.about}</p>
        {silences.isPending ? <p className="text-muted">{ALERT_RULES_TEXTS.loading}</p> : null}
        {silences.isError ? <p className="text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
        {silences.data?.length === 0 ? <p className="text-muted">{SILENCES.empty}</p> : null}
        <ul className="space-y-2" aria-label={SILENCES.list}>
          {silences.data?.map((s) => (
            <li key={s.id} className="space-y-1 rounded-lg border border-line bg-surface p-3">
              <p className="font-medium text-fg">{matcherText(s.matchers)}</p>
              <p className="text-muted">{SILENCES.when(when(s.startsAt), when(s.endsAt), s.createdByName)}</p>
              <p>{s.comment}</p>
              {canChange ? (
                <Button
                  disabled={endSilence.isPending}
                  onClick={() => {
                    if (window.confirm(SILENCES.confirmEnd(s.comment))) endSilence.mutate(s.id);
                  }}
                >
                  {SILENCES.end}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="maintenance-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="maintenance-heading" className="text-base font-semibold text-fg">
            {WINDOWS.heading}
          </h2>
          {canChange ? <Button onClick={() => setOpen('window')}>{WINDOWS.add}</Button> : null}
        </div>
        <p className="text-muted">{WINDOWS.about}</p>
        {windows.isPending ? <p className="text-muted">{ALERT_RULES_TEXTS.loading}</p> : null}
        {windows.isError ? <p className="text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
        {windows.data?.length === 0 ? <p className="text-muted">{WINDOWS.empty}</p> : null}
        <ul className="space-y-2" aria-label={WINDOWS.list}>
          {windows.data?.map((w) => (
            <li key={w.id} className="space-y-1 rounded-lg border border-line bg-surface p-3">
              <p className="font-medium text-fg">{w.name}</p>
              <p className="text-muted">
                {WINDOWS.when(days(w.weekdays), w.start, w.minutes, matcherText(w.matchers))}
              </p>
              {canChange ? (
                <Button
                  disabled={removeWindow.isPending}
                  onClick={() => {
                    if (window.confirm(WINDOWS.confirmRemove(w.name))) removeWindow.mutate(w.id);
                  }}
                >
                  {WINDOWS.remove(w.name)}
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
