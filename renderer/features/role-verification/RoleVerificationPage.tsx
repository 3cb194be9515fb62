import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Play, XCircle } from 'lucide-react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import type { Role } from '../../../shared/api/roles';
import { roleDisplayName, systemRole } from '../../../shared/permissions';
import { useAuthStore } from '../../app/state/useAuthStore';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { Card, InlineError } from '../../components/ui/Card';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { ScrollRegion } from '../../components/ui/ScrollRegion';
import { Spinner } from '../../components/ui/Spinner';
import { INPUT_CLASS } from '../../components/ui/styles';
import { useAppInfo } from '../../lib/appInfo';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { usePermissionCatalogue, useRoles, roleQueries } from '../role-permissions/queries';
import { categoryBars, CHECKLIST, EXPECTED_ROLES, expectedAllowed, type CategoryBar } from './expected';
import { FormField } from '../../components/ui/FormField';
import { apiCheckCommands } from './commands';
import { ROLE_VERIFICATION_TEXTS } from './texts';

const CURRENT = ROLE_VERIFICATION_TEXTS.currentRole;
const TESTER = ROLE_VERIFICATION_TEXTS.tester;
const MATRIX = ROLE_VERIFICATION_TEXTS.matrix;
const CHECK = ROLE_VERIFICATION_TEXTS.checklist;
const API = ROLE_VERIFICATION_TEXTS.apiChecks;

/** Role Verification (part 2 §2): what a role may do, checked by the server, and the checklist run for real. */
export function RoleVerificationPage() {
  const user = useAuthStore((state) => state.user);
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  if (!user) return null;

  const header = (
    <PageHeader title={routeTitle('/role-verification')} description={ROLE_VERIFICATION_TEXTS.description} />
  );
  if (!roles.data || !catalogue.data) {
    const failure = roles.error ?? catalogue.error;
    return (
      <div className="space-y-6">
        {header}
        <LoadingState
          label={ROLE_VERIFICATION_TEXTS.loading}
          error={failure}
          fallback={ERRORS.rbacInitFailed}
        />
      </div>
    );
  }
  const catalogueIds = catalogue.data.map((p) => p.id);

  return (
    <div className="space-y-6">
      {header}
      <div className="grid gap-6 xl:grid-cols-2">
        <CurrentRole
          userId={user.userId}
          role={user.role}
          permissions={user.permissions}
          catalogue={catalogueIds}
        />
        <RoleTester roles={roles.data} initialRoleId={user.role} catalogue={catalogueIds} />
      </div>
      <ExpectedMatrix roles={roles.data} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Checklist permissions={user.permissions} role={user.role} />
        <ApiCommands />
      </div>
    </div>
  );
}

/** The current user's first role (a platform user holds one), and where each permission comes from. */
function CurrentRole({
  userId,
  role,
  permissions,
  catalogue,
}: {
  userId: string;
  role: string;
  permissions: string[];
  catalogue: string[];
}) {
  const effective = useQuery(roleQueries.userPermissions(userId));
  const sources = new Set((effective.data ?? []).map((e) => e.role.name));
  return (
    <Card title={CURRENT.title}>
      <p className="text-2xl font-semibold text-fg">{roleDisplayName(role)}</p>
      <p className="mt-1 text-sm text-muted">
        <span className="font-mono">{role}</span> · {CURRENT.permissions(permissions.length)}
        {sources.size > 0 ? ` · ${CURRENT.from([...sources].join(', '))}` : ''}
      </p>
      <CategoryBars bars={categoryBars(permissions, catalogue)} label={CURRENT.bars} />
    </Card>
  );
}

function CategoryBars({ bars, label }: { bars: CategoryBar[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-4 space-y-2">
      {bars.map((bar) => (
        <li key={bar.category}>
          <div className="flex justify-between text-xs text-muted">
            <span className="font-medium text-fg">{bar.category}</span>
            <span>
              {bar.granted}/{bar.total}
            </span>
          </div>
          <div
            role="meter"
            aria-label={bar.category}
            aria-valuemin={0}
            aria-valuemax={bar.total}
            aria-valuenow={bar.granted}
            className="mt-1 h-2 rounded-full bg-surface-muted"
          >
            <div className="h-2 rounded-full bg-accent" style={{ width: `${bar.percent}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The role picker and Test Permissions: the server checks every permission of the catalogue for the role. */
function RoleTester({
  roles,
  initialRoleId,
  catalogue,
}: {
  roles: Role[];
  initialRoleId: string;
  catalogue: string[];
}) {
  const [roleId, setRoleId] = useState(
    roles.some((r) => r.id === initialRoleId) ? initialRoleId : (roles[0]?.id ?? ''),
  );
  const test = useMutation({ mutationFn: (id: string) => call('roles.testRole', { params: { id } }) });
  const result = test.data && test.data.roleId === roleId ? test.data : undefined;

  return (
    <Card title={TESTER.title}>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={TESTER.role}>
          {(field) => (
            <select
              {...field}
              value={roleId}
              onChange={(e) => setRoleId(e.target.value)}
              className={INPUT_CLASS}
            >
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button variant="primary" disabled={!roleId || test.isPending} onClick={() => test.mutate(roleId)}>
          <Play aria-hidden="true" className="size-4" />
          {TESTER.test}
        </Button>
      </div>
      <InlineError message={test.error ? errorMessage(test.error, TESTER.failed) : null} />
      {result ? (
        <div className="mt-4">
          <p className="text-sm font-medium text-fg">{TESTER.granted(result.granted, result.total)}</p>
          <CategoryBars
            bars={categoryBars(
              result.results.filter((r) => r.granted).map((r) => r.permission),
              catalogue,
            )}
            label={TESTER.bars}
          />
          <ScrollRegion label={TESTER.results} className="mt-4 max-h-80">
            <ul aria-label={TESTER.results} className="grid gap-1 sm:grid-cols-2">
              {result.results.map((r) => (
                <li key={r.permission} className="flex items-center gap-2 text-xs">
                  {r.granted ? (
                    <CheckCircle2 aria-label={TESTER.pass} className="size-4 shrink-0 text-emerald-600" />
                  ) : (
                    <XCircle aria-label={TESTER.fail} className="size-4 shrink-0 text-red-500" />
                  )}
                  <span className="font-mono text-fg">{r.permission}</span>
                </li>
              ))}
            </ul>
          </ScrollRegion>
        </div>
      ) : null}
    </Card>
  );
}

interface MatrixRow {
  id: string;
  statedCount: number;
  redirect: string;
  /** Permissions the server holds for the role; null when it has none of that id. */
  live: number | null;
  matches: boolean;
}

const MATRIX_COLUMNS: readonly DataColumn<MatrixRow>[] = [
  {
    id: 'role',
    header: MATRIX.columns.role,
    rowHeader: true,
    cell: (r) => (
      <>
        <span className="font-medium text-fg">{roleDisplayName(r.id)}</span>{' '}
        <span className="font-mono text-xs font-normal text-muted">{r.id}</span>
      </>
    ),
    width: 'minmax(0,2fr)',
  },
  { id: 'stated', header: MATRIX.columns.stated, cell: (r) => r.statedCount },
  { id: 'live', header: MATRIX.columns.live, cell: (r) => r.live ?? '—' },
  {
    id: 'redirect',
    header: MATRIX.columns.redirect,
    cell: (r) => r.redirect,
    className: 'font-mono text-xs',
  },
  { id: 'matches', header: MATRIX.columns.matches, cell: (r) => (r.matches ? MATRIX.yes : MATRIX.no) },
];

/** The expected role matrix of part 2 §6, with what the server holds beside it. */
function ExpectedMatrix({ roles }: { roles: Role[] }) {
  const rows = EXPECTED_ROLES.map((expected): MatrixRow => {
    const definition = systemRole(expected.id);
    const live = roles.find((r) => r.id === expected.id);
    return {
      id: expected.id,
      statedCount: expected.statedCount,
      redirect: expected.redirect,
      live: live ? live.permissions.length : null,
      matches:
        definition !== undefined &&
        live !== undefined &&
        live.permissions.length === definition.permissions.length &&
        definition.permissions.every((p) => live.permissions.includes(p)),
    };
  });
  return (
    <Card title={MATRIX.title}>
      <DataTable
        label={MATRIX.title}
        columns={MATRIX_COLUMNS}
        data={rows}
        getRowId={(r) => r.id}
        minWidth="40rem"
      />
    </Card>
  );
}

/** The testing checklist, run for real as the signed-in user (part 2 §6). */
function Checklist({ permissions, role }: { permissions: string[]; role: string }) {
  const run = useMutation({ mutationFn: () => call('roles:runChecks') });
  const outcome = (id: string) => run.data?.find((c) => c.id === id);

  return (
    <Card
      title={CHECK.title}
      actions={
        <Button onClick={() => run.mutate()} disabled={run.isPending}>
          <Play aria-hidden="true" className="size-4" />
          {CHECK.run}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted">{CHECK.intro(roleDisplayName(role))}</p>
      <InlineError message={run.error ? errorMessage(run.error, CHECK.failed) : null} />
      <ul className="space-y-2">
        {CHECKLIST.map((item) => {
          const expected = expectedAllowed(item, permissions);
          const result = outcome(item.id);
          const passed = result ? result.allowed === expected : undefined;
          return (
            <li key={item.id} aria-label={item.label} className="rounded-md border border-line p-3">
              <div className="flex items-center justify-between gap-3">
                <span className="text-sm font-medium text-fg">{item.label}</span>
                {passed === undefined ? (
                  <span className="text-xs text-muted">{CHECK.notRun}</span>
                ) : passed ? (
                  <span className="text-xs font-semibold text-emerald-600">{CHECK.pass}</span>
                ) : (
                  <span className="text-xs font-semibold text-red-600">{CHECK.fail}</span>
                )}
              </div>
              <p className="mt-1 text-xs text-muted">
                {CHECK.expected(expected)}
                {item.permission ? ` (${item.permission})` : ''}
                {result ? ` · ${CHECK.got(result)}` : ''}
              </p>
              {result?.error ? <p className="mt-1 text-xs text-muted">{result.error}</p> : null}
            </li>
          );
        })}
        {run.data && !run.data.some((c) => c.id === 'centerAnalytics') ? (
          <li className="text-xs text-muted">{CHECK.noOrganization}</li>
        ) : null}
      </ul>
    </Card>
  );
}

/** Example API checks with the real base addresses; $TOKEN stands for the session token, never shown. */
function ApiCommands() {
  const info = useAppInfo();
  const organizationId = useOrganizationStore((state) => state.currentId);
  const commands = info.data ? apiCheckCommands(info.data, organizationId) : undefined;
  return (
    <Card title={API.title}>
      <p className="mb-3 text-sm text-muted">
        {API.intro}
        {info.data?.embeddedServer ? ` ${API.launchSecret}` : null}
      </p>
      {commands ? (
        <ScrollRegion label={API.commands} className="rounded-md bg-surface-muted">
          <pre className="p-3 text-xs text-fg">{commands.map((c) => c.text).join('\n')}</pre>
        </ScrollRegion>
      ) : (
        <Spinner />
      )}
      {commands && organizationId === null ? (
        <p className="mt-2 text-xs text-muted">{API.noOrganization}</p>
      ) : null}
    </Card>
  );
}
