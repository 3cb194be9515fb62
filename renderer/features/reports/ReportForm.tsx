import { useState, type FormEvent } from 'react';
import { reportInput, type ReportDefinition, type ReportInput } from '../../../shared/api/reports';
import {
  REPORT_FORMATS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_SCHEDULES,
  REPORT_TYPES,
  type MetricId,
  type ReportPeriod,
  type ReportTemplate,
} from '../../../shared/reports';
import { PLANS } from '../../../shared/tenancy';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useCreateReport, useUpdateReport } from './mutations';
import { availableMetrics, capitalize, metricLabel, parseRecipients } from './rules';
import { FormField } from '../../components/ui/FormField';
import { useOrganizations } from '../organization/queries';
import { REPORT_TEXTS } from './texts';

const TEXTS = REPORT_TEXTS.form;

/** What the form starts from: blank, a template, or the report being edited. */
export type FormStart =
  | { kind: 'blank' }
  | { kind: 'template'; template: ReportTemplate }
  | { kind: 'edit'; report: ReportDefinition };

interface Draft {
  name: string;
  description: string;
  type: ReportInput['type'];
  format: ReportInput['format'];
  schedule: ReportInput['schedule'];
  metrics: MetricId[];
  period: ReportPeriod;
  plan: string;
  organizationId: string;
  recipients: string;
}

function draftOf(start: FormStart): Draft {
  const blank: Draft = {
    name: '',
    description: '',
    type: 'custom',
    format: 'pdf',
    schedule: 'manual',
    metrics: [],
    period: '30d',
    plan: '',
    organizationId: '',
    recipients: '',
  };
  if (start.kind === 'template') {
    const t = start.template;
    return { ...blank, name: t.name, description: t.description, type: t.type, metrics: [...t.metrics] };
  }
  if (start.kind === 'edit') {
    const r = start.report;
    return {
      name: r.name,
      description: r.description,
      type: r.type,
      format: r.format,
      schedule: r.schedule,
      metrics: [...r.metrics],
      period: r.filters.period,
      plan: r.filters.plan ?? '',
      organizationId: r.filters.organizationId ?? '',
      recipients: r.recipients.join(', '),
    };
  }
  return blank;
}

/** Create Report (blank or from a template) and Edit: validated here with the server's own schema. */
export function ReportForm({ start, onClose }: { start: FormStart; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(start));
  const [problems, setProblems] = useState<string[]>([]);
  const permissions = useAuthStore((s) => s.user?.permissions ?? []);
  const create = useCreateReport();
  const update = useUpdateReport();
  const centers = useOrganizations();
  const editing = start.kind === 'edit' ? start.report : null;
  const pending = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const offered = availableMetrics(permissions);
  // A metric kept from a template or an older edit stays listed, so that it can be unticked.
  const listed = [...offered, ...draft.metrics.filter((m) => !offered.includes(m))];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportInput.safeParse({
      name: draft.name,
      description: draft.description,
      type: draft.type,
      format: draft.format,
      schedule: draft.schedule,
      metrics: draft.metrics,
      filters: {
        period: draft.period,
        plan: draft.plan || null,
        organizationId: draft.organizationId || null,
      },
      recipients: parseRecipients(draft.recipients),
    });
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((i) => i.message));
      return;
    }
    setProblems([]);
    const body = parsed.data;
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  }

  return (
    <Modal open title={editing ? TEXTS.editTitle : REPORT_TEXTS.createReport} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={TEXTS.name}>
            {(field) => (
              <input
                {...field}
                className={INPUT_CLASS}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </FormField>
          <FormField label={TEXTS.type}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.type}
                onChange={(e) => set('type', e.target.value as Draft['type'])}
              >
                {REPORT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {capitalize(t)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField label={TEXTS.description}>
          {(field) => (
            <textarea
              {...field}
              className={INPUT_CLASS}
              rows={2}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </FormField>
        <fieldset>
          <legend className="text-sm font-medium text-fg">{TEXTS.metrics}</legend>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {listed.map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={draft.metrics.includes(m)}
                  onChange={(e) =>
                    set(
                      'metrics',
                      e.target.checked ? [...draft.metrics, m] : draft.metrics.filter((x) => x !== m),
                    )
                  }
                />
                {metricLabel(m)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={TEXTS.period}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.period}
                onChange={(e) => set('period', e.target.value as ReportPeriod)}
              >
                {REPORT_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {REPORT_PERIOD_LABELS[p]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={TEXTS.plan}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.plan}
                onChange={(e) => set('plan', e.target.value)}
              >
                <option value="">{TEXTS.allPlans}</option>
                {PLANS.map((p) => (
                  <option key={p} value={p}>
                    {capitalize(p)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={TEXTS.organization}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.organizationId}
                onChange={(e) => set('organizationId', e.target.value)}
              >
                <option value="">{TEXTS.allOrganizations}</option>
                {(centers.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={TEXTS.format}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.format}
                onChange={(e) => set('format', e.target.value as Draft['format'])}
              >
                {REPORT_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={TEXTS.schedule}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.schedule}
                onChange={(e) => set('schedule', e.target.value as Draft['schedule'])}
              >
                {REPORT_SCHEDULES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={TEXTS.recipients}>
            {(field) => (
              <input
                {...field}
                className={INPUT_CLASS}
                placeholder={TEXTS.recipientsPlaceholder}
                value={draft.recipients}
                onChange={(e) => set('recipients', e.target.value)}
              />
            )}
          </FormField>
        </div>
        {problems.length > 0 || failed ? (
          <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {failed ? <li>{errorMessage(failed, TEXTS.saveFailed)}</li> : null}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{REPORT_TEXTS.cancel}</Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {editing ? TEXTS.save : REPORT_TEXTS.createReport}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
