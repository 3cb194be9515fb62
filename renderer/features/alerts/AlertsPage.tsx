import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { clsx } from 'clsx';
import { Download, Plus, Settings } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  alertAge,
  conditionText,
  hoursAndMinutes,
  type Alert,
} from '../../../shared/alerting';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { KpiCard } from '../../components/ui/KpiCard';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { AlertDetails } from './AlertDetails';
import { useExportAlerts } from './mutations';
import { NotificationSettingsPanel } from './NotificationSettingsPanel';
import { useAlerts, useRules } from './queries';
import { useMinuteClock } from '../alerts-feed/queries';
import {
  capitalize,
  filterAlerts,
  mayManageRules,
  NO_ALERT_FILTER,
  SEVERITY_TONE,
  STATUS_TONE,
  type AlertFilter,
} from './rules';
import { FormField } from '../../components/ui/FormField';
import { ALERT_TEXTS } from './texts';

const TEXTS = ALERT_TEXTS.alerts;

const TABS = [ALERT_TEXTS.tabs.active, ALERT_TEXTS.tabs.rules, ALERT_TEXTS.tabs.settings] as const;
const count = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));

/** Alert Management (part 2 §2–§4, issue 12): the platform's real alerts, rules and notification settings. */
export function AlertsPage() {
  const me = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [tab, setTab] = useState(0);
  const exportAlerts = useExportAlerts();
  const stats = alerts.data?.stats;
  const canCreate = mayManageRules(me?.permissions);
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/alerts')}
        description={ALERT_TEXTS.description}
        actions={
          <>
            <Button onClick={() => exportAlerts.mutate()} disabled={exportAlerts.isPending}>
              <Download aria-hidden="true" className="size-4" />
              {ALERT_TEXTS.export}
            </Button>
            <Button onClick={() => setTab(2)}>
              <Settings aria-hidden="true" className="size-4" />
              {ALERT_TEXTS.settings}
            </Button>
            {canCreate ? (
              <Button variant="primary" onClick={() => void navigate('/alert-rules?new=1')}>
                <Plus aria-hidden="true" className="size-4" />
                {ALERT_TEXTS.createRule}
              </Button>
            ) : null}
          </>
        }
      />
      <InlineError
        message={exportAlerts.error ? errorMessage(exportAlerts.error, ALERT_TEXTS.exportFailed) : null}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <KpiCard label={ALERT_TEXTS.kpis.total} value={count(stats?.total)} testId="alerts-total" />
        <KpiCard label={ALERT_TEXTS.kpis.active} value={count(stats?.active)} testId="alerts-active" />
        <KpiCard label={ALERT_TEXTS.kpis.critical} value={count(stats?.critical)} testId="alerts-critical" />
        <KpiCard label={ALERT_TEXTS.kpis.resolved} value={count(stats?.resolved)} testId="alerts-resolved" />
        <KpiCard
          label={ALERT_TEXTS.kpis.avgResolution}
          value={stats?.avgResolutionTime == null ? '—' : hoursAndMinutes(stats.avgResolutionTime)}
          testId="alerts-resolution"
        />
      </div>
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList className="flex flex-wrap gap-1 border-b border-line">
          {TABS.map((name) => (
            <Tab
              key={name}
              className={clsx(
                '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted outline-none',
                'hover:text-fg data-focus:ring-2 data-focus:ring-ring data-selected:border-accent data-selected:text-fg',
              )}
            >
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-6">
          <TabPanel>
            <AlertList
              alerts={alerts.data?.alerts ?? []}
              loading={alerts.isPending}
              failed={alerts.isError}
              canChange={me?.permissions.includes('alerts.update') ?? false}
              canListUsers={me?.permissions.includes('users.manage') ?? false}
              me={me}
            />
          </TabPanel>
          <TabPanel>
            <RuleSummary />
          </TabPanel>
          <TabPanel>
            <NotificationSettingsPanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

function AlertList({
  alerts,
  loading,
  failed,
  canChange,
  canListUsers,
  me,
}: {
  alerts: readonly Alert[];
  loading: boolean;
  failed: boolean;
  canChange: boolean;
  canListUsers: boolean;
  me: { userId: string } | null;
}) {
  const [filter, setFilter] = useState<AlertFilter>(NO_ALERT_FILTER);
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = useMemo(() => filterAlerts(alerts, filter), [alerts, filter]);
  const open = alerts.find((a) => a.id === openId);
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
              value={filter.search}
              onChange={(e) => setFilter({ ...filter, search: e.target.value })}
            />
          )}
        </FormField>
        <select
          aria-label={TEXTS.severity}
          className={INPUT_CLASS}
          value={filter.severity}
          onChange={(e) => setFilter({ ...filter, severity: e.target.value as AlertFilter['severity'] })}
        >
          <option value="all">{TEXTS.allSeverities}</option>
          {ALERT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </select>
        <select
          aria-label={TEXTS.status}
          className={INPUT_CLASS}
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value as AlertFilter['status'] })}
        >
          <option value="all">{TEXTS.allStatuses}</option>
          {ALERT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </select>
      </div>
      {loading ? <p className="text-sm text-muted">{ALERT_TEXTS.loading}</p> : null}
      {failed ? <p className="text-sm text-muted">{ALERT_TEXTS.loadFailed}</p> : null}
      {!loading && !failed && shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{TEXTS.empty}</p>
      ) : null}
      <ul className="space-y-2" aria-label={TEXTS.list}>
        {shown.map((a) => (
          <li key={a.id} className="rounded-lg border border-line bg-surface p-3">
            <button
              type="button"
              className="w-full text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => setOpenId(a.id)}
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-fg">{a.title}</span>
                <StatusBadge tone={SEVERITY_TONE[a.severity]}>{capitalize(a.severity)}</StatusBadge>
                <StatusBadge tone={STATUS_TONE[a.status]}>{capitalize(a.status)}</StatusBadge>
                <span className="ml-auto text-xs text-muted">{alertAge(a.timestamp, now)}</span>
              </span>
              <span className="mt-1 block text-sm text-muted">
                {a.description}
                {a.source ? ` · ${a.source}` : ''}
                {` · ${a.assignedTo ? TEXTS.assignedTo(a.assignedTo) : TEXTS.unassigned}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <AlertDetails
          alert={open}
          canChange={canChange}
          canListUsers={canListUsers}
          me={me}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </div>
  );
}

function RuleSummary() {
  const rules = useRules();
  if (rules.isPending) return <p className="text-sm text-muted">{ALERT_TEXTS.loading}</p>;
  if (rules.isError) return <p className="text-sm text-muted">{ALERT_TEXTS.loadFailed}</p>;
  return (
    <div className="space-y-3 text-sm">
      <ul className="space-y-2" aria-label={ALERT_TEXTS.rules.list}>
        {rules.data.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-3"
          >
            <span className="font-medium text-fg">{r.name}</span>
            <StatusBadge tone={r.status === 'active' ? 'ok' : 'neutral'}>{capitalize(r.status)}</StatusBadge>
            <span className="text-muted">{conditionText(r)}</span>
          </li>
        ))}
      </ul>
      <Link className="font-medium text-accent underline" to="/alert-rules">
        {ALERT_TEXTS.rules.manage}
      </Link>
    </div>
  );
}
