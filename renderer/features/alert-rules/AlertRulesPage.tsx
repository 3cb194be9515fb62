import { CirclePause, CirclePlay, FilePen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  RULE_SEVERITIES,
  RULE_STATUSES,
  alertAge,
  conditionText,
  type AlertRule,
  type RuleInput,
} from '../../../shared/alerting';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { StatusBadge, StatusIcon } from '../../components/ui/StatusBadge';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { useDeleteRule, useDuplicateRule, useSetRuleStatus } from '../alerts/mutations';
import { useRules } from '../alerts/queries';
import { capitalize, mayDeleteRules, mayManageRules, SEVERITY_TONE } from '../alerts/rules';
import type { StatusTone } from '../../components/ui/StatusBadge';
import type { RuleState } from '../../../shared/alerting';

/** A rule's evaluation state (the most urgent of its series'), shown beside its severity when not normal. */
const STATE_TONE: Record<RuleState, StatusTone> = {
  normal: 'ok',
  pending: 'warning',
  firing: 'critical',
  recovering: 'info',
};
import { ChannelsTab } from './ChannelsTab';
import { RuleFormModal } from './RuleFormModal';
import { RULE_TEMPLATES } from '../../../shared/alert-templates';
import { useMinuteClock } from '../alerts-feed/queries';
import { FormField } from '../../components/ui/FormField';
import { ALERT_TEXTS } from '../alerts/texts';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.rules;

type Editing = { id: string | null; rule: RuleInput } | null;

const toInput = (r: AlertRule): RuleInput => ({
  name: r.name,
  description: r.description,
  status: r.status,
  severity: r.severity,
  metric: r.metric,
  condition: r.condition,
  filters: r.filters,
  notifications: r.notifications,
  escalation: r.escalation,
  suppressionRules: r.suppressionRules,
  pendingSeconds: r.pendingSeconds,
  keepFiringSeconds: r.keepFiringSeconds,
  noDataState: r.noDataState,
  errorState: r.errorState,
});

const STATUS_ICON = { active: CirclePlay, paused: CirclePause, draft: FilePen } as const;

/** Alert Rules (part 2 §2–§4, issue 12): real rules, templates and channels. */
export function AlertRulesPage() {
  const me = useAuthStore((state) => state.user);
  const [params, setParams] = useSearchParams();
  const canManage = mayManageRules(me?.permissions);
  // ?new=1 (the Alerts screen's Create Rule) opens the form only for someone who may use it.
  const [editing, setEditing] = useState<Editing>(() =>
    canManage && params.get('new') && RULE_TEMPLATES[0]
      ? { id: null, rule: { ...RULE_TEMPLATES[0].rule, name: '' } }
      : null,
  );
  const close = () => {
    setEditing(null);
    if (params.get('new')) setParams({});
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/alert-rules')}
        description={ALERT_RULES_TEXTS.description}
        actions={
          canManage && RULE_TEMPLATES[0] ? (
            <Button
              variant="primary"
              onClick={() => setEditing({ id: null, rule: { ...RULE_TEMPLATES[0]!.rule, name: '' } })}
            >
              {ALERT_RULES_TEXTS.createRule}
            </Button>
          ) : null
        }
      />
      <PageTabs
        tabs={[
          {
            name: ALERT_RULES_TEXTS.tabs.rules,
            panel: <RuleList canManage={canManage} onEdit={setEditing} />,
          },
          {
            name: ALERT_RULES_TEXTS.tabs.templates,
            panel: <Templates canManage={canManage} onUse={setEditing} />,
          },
          {
            name: ALERT_RULES_TEXTS.tabs.channels,
            panel: <ChannelsTab canChange={me?.permissions.includes('alerts.update') ?? false} />,
          },
        ]}
      />
      {editing ? <RuleFormModal id={editing.id} initial={editing.rule} onClose={close} /> : null}
    </div>
  );
}

function RuleList({ canManage, onEdit }: { canManage: boolean; onEdit: (e: Editing) => void }) {
  const rules = useRules();
  const canDelete = mayDeleteRules(useAuthStore((state) => state.user?.permissions));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof RULE_STATUSES)[number] | 'all'>('all');
  const [severity, setSeverity] = useState<(typeof RULE_SEVERITIES)[number] | 'all'>('all');
  const setRuleStatus = useSetRuleStatus();
  const duplicate = useDuplicateRule();
  const remove = useDeleteRule();
  const filtered = search.trim() !== '' || status !== 'all' || severity !== 'all';
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (rules.data ?? []).filter(
      (r) =>
        (status === 'all' || r.status === status) &&
        (severity === 'all' || r.severity === severity) &&
        (!needle || r.name.toLowerCase().includes(needle) || r.description.toLowerCase().includes(needle)),
    );
  }, [rules.data, search, status, severity]);
  const error = setRuleStatus.error ?? duplicate.error ?? remove.error;
  const now = useMinuteClock();
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <FormField label={TEXTS.search} hideLabel>
          {(field) => (
            <input
              {...field}
              type="search"
              placeholder={TEXTS.searchPlaceholder}
              className={INPUT_CLASS}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </FormField>
        <select
          aria-label={TEXTS.status}
          className={INPUT_CLASS}
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        >
          <option value="all">{TEXTS.allStatuses}</option>
          {RULE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </select>
        <select
          aria-label={TEXTS.severity}
          className={INPUT_CLASS}
          value={severity}
          onChange={(e) => setSeverity(e.target.value as typeof severity)}
        >
          <option value="all">{TEXTS.allSeverities}</option>
          {RULE_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </select>
      </div>
      <InlineError message={error ? errorMessage(error, ALERT_RULES_TEXTS.changeFailed) : null} />
      {rules.isPending ? <p className="text-sm text-muted">{ALERT_RULES_TEXTS.loading}</p> : null}
      {rules.isError ? <p className="text-sm text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
      {!rules.isPending && !rules.isError && shown.length === 0 ? (
        <div className="py-8 text-center text-sm">
          <p className="font-medium text-fg">{TEXTS.empty}</p>
          <p className="text-muted">{filtered ? TEXTS.emptyFiltered : TEXTS.emptyFirst}</p>
        </div>
      ) : null}
      <ul className="space-y-3" aria-label={TEXTS.list}>
        {shown.map((r) => (
          <li key={r.id} className="space-y-2 rounded-lg border border-line bg-surface p-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatusIcon
                tone={r.status === 'active' ? 'ok' : 'neutral'}
                icon={STATUS_ICON[r.status]}
                label={capitalize(r.status)}
              />
              <span className="font-semibold text-fg">{r.name}</span>
              <StatusBadge tone={SEVERITY_TONE[r.severity]}>{capitalize(r.severity)}</StatusBadge>
              {r.status === 'active' && r.state !== 'normal' ? (
                <StatusBadge tone={STATE_TONE[r.state]}>{capitalize(r.state)}</StatusBadge>
              ) : null}
            </div>
            {r.description ? <p className="text-muted">{r.description}</p> : null}
            <p>{conditionText(r)}</p>
            <p className="text-muted">
              {TEXTS.summary(
                r.notifications.length
                  ? [...new Set(r.notifications.map((n) => n.type))].join(', ')
                  : TEXTS.none,
                r.triggerCount,
                r.lastTriggered ? alertAge(r.lastTriggered, now) : TEXTS.never,
              )}
            </p>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={() =>
                    setRuleStatus.mutate({
                      ruleId: r.id,
                      status: r.status === 'active' ? 'paused' : 'active',
                    })
                  }
                >
                  {r.status === 'active' ? TEXTS.pause : TEXTS.activate}
                </Button>
                <Button onClick={() => onEdit({ id: r.id, rule: toInput(r) })}>{TEXTS.edit}</Button>
                <Button onClick={() => duplicate.mutate(r.id)}>{TEXTS.duplicate}</Button>
                {canDelete ? (
                  <Button
                    onClick={() => {
                      if (window.confirm(TEXTS.confirmDelete(r.name))) remove.mutate(r.id);
                    }}
                  >
                    {TEXTS.delete}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Templates({ canManage, onUse }: { canManage: boolean; onUse: (e: Editing) => void }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={ALERT_RULES_TEXTS.templates.list}>
      {RULE_TEMPLATES.map((t) => (
        <li key={t.id} className="space-y-2 rounded-lg border border-line bg-surface p-4 text-sm">
          <p className="font-semibold text-fg">{t.rule.name}</p>
          <p className="text-muted">{conditionText(t.rule)}</p>
          {canManage ? (
            <Button onClick={() => onUse({ id: null, rule: t.rule })}>
              {ALERT_RULES_TEXTS.templates.use}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
