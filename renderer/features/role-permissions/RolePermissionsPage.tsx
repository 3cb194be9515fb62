import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { clsx } from 'clsx';
import { Filter, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { AccessDenied } from '../../app/guards/AccessDenied';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { INPUT_CLASS } from '../../components/ui/styles';
import { routeTitle } from '../../lib/navigation';
import { MatrixTab } from './MatrixTab';
import { PermissionsTab } from './PermissionsTab';
import { usePermissionCatalogue, useRoles } from './queries';
import { CreateRoleModal, EMPTY_DRAFT, type RoleDraft } from './RoleFormModal';
import { RolesTab } from './RolesTab';
import {
  activeFilterCount,
  filterPermissions,
  filterRoles,
  groupByResource,
  NO_FILTER,
  ROLE_MANAGEMENT_DENIED,
  roleAbilities,
  roleTemplates,
  type CataloguePermission,
  type RoleFilter,
  type RoleKind,
} from './rules';
import { TemplatesTab } from './TemplatesTab';
import { FormField } from '../../components/ui/FormField';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

/** Role & Permission Management (part 2 §2): guards itself with its own text (part 2 §8). */
export function RolePermissionsPage() {
  const user = useAuthStore((state) => state.user);
  const abilities = roleAbilities(user?.permissions ?? []);
  if (!abilities.read) {
    return (
      <AccessDenied
        role={user?.role ?? ''}
        requirement={ROLE_PERMISSIONS_TEXTS.denied.requirement}
        message={ROLE_MANAGEMENT_DENIED}
      />
    );
  }
  return <RoleManagement />;
}

function RoleManagement() {
  const user = useAuthStore((state) => state.user);
  const abilities = roleAbilities(user?.permissions ?? []);
  const catalogue = usePermissionCatalogue();
  const roles = useRoles();
  const [filter, setFilter] = useState<RoleFilter>(NO_FILTER);
  const [draft, setDraft] = useState<RoleDraft | null>(null);

  const permissions = useMemo(() => catalogue.data ?? [], [catalogue.data]);
  const templates = useMemo(() => roleTemplates(permissions), [permissions]);
  const shownRoles = filterRoles(roles.data ?? [], filter);
  const shownPermissions = filterPermissions(permissions, filter);

  const header = (
    <PageHeader
      title={routeTitle('/role-permissions')}
      description={ROLE_PERMISSIONS_TEXTS.description}
      actions={
        abilities.create ? (
          <Button variant="primary" onClick={() => setDraft(EMPTY_DRAFT)}>
            <Plus aria-hidden="true" className="size-4" />
            {ROLE_PERMISSIONS_TEXTS.createRole}
          </Button>
        ) : null
      }
    />
  );

  if (!catalogue.data || !roles.data) {
    const failure = catalogue.error ?? roles.error;
    return (
      <div className="space-y-6">
        {header}
        <LoadingState
          label={ROLE_PERMISSIONS_TEXTS.loading}
          error={failure}
          fallback={ERRORS.rbacInitFailed}
        />
      </div>
    );
  }

  const tabs = [
    {
      name: ROLE_PERMISSIONS_TEXTS.tabs.roles,
      panel: <RolesTab roles={shownRoles} catalogue={permissions} abilities={abilities} />,
    },
    {
      name: ROLE_PERMISSIONS_TEXTS.tabs.permissions,
      panel: <PermissionsTab permissions={shownPermissions} roles={roles.data} />,
    },
    {
      name: ROLE_PERMISSIONS_TEXTS.tabs.matrix,
      panel: <MatrixTab roles={shownRoles} permissions={shownPermissions} abilities={abilities} />,
    },
    {
      name: ROLE_PERMISSIONS_TEXTS.tabs.templates,
      panel: (
        <TemplatesTab
          templates={templates}
          catalogue={permissions}
          abilities={abilities}
          onApply={(t) => setDraft({ name: t.name, description: t.description, permissions: t.permissions })}
        />
      ),
    },
  ];

  return (
    <div className="space-y-6">
      {header}
      <div className="flex flex-wrap items-center gap-3">
        <FormField label={ROLE_PERMISSIONS_TEXTS.search.label} hideLabel className="relative min-w-60 flex-1">
          {(field) => (
            <>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-muted"
              />
              <input
                {...field}
                type="search"
                value={filter.search}
                onChange={(e) => setFilter({ ...filter, search: e.target.value })}
                placeholder={ROLE_PERMISSIONS_TEXTS.search.placeholder}
                className={clsx(INPUT_CLASS, 'pl-9')}
              />
            </>
          )}
        </FormField>
        <FilterPopover filter={filter} onChange={setFilter} permissions={permissions} />
      </div>
      <PageTabs tabs={tabs} />
      <CreateRoleModal draft={draft} catalogue={permissions} onClose={() => setDraft(null)} />
    </div>
  );
}

const KINDS: { value: RoleKind; label: string }[] = [
  { value: 'all', label: ROLE_PERMISSIONS_TEXTS.filter.kinds.all },
  { value: 'system', label: ROLE_PERMISSIONS_TEXTS.filter.kinds.system },
  { value: 'custom', label: ROLE_PERMISSIONS_TEXTS.filter.kinds.custom },
];

/** The Filter button filters (the spec's does nothing): by role kind and by resource. */
function FilterPopover({
  filter,
  onChange,
  permissions,
}: {
  filter: RoleFilter;
  onChange: (filter: RoleFilter) => void;
  permissions: readonly CataloguePermission[];
}) {
  const count = activeFilterCount(filter);
  return (
    <Popover className="relative">
      <PopoverButton as={Button}>
        <Filter aria-hidden="true" className="size-4" />
        {ROLE_PERMISSIONS_TEXTS.filter.button}
        {count > 0 ? (
          <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">{count}</span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 mt-2 w-64 space-y-3 rounded-lg border border-line bg-surface p-4 shadow-lg"
      >
        <FormField label={ROLE_PERMISSIONS_TEXTS.filter.kind}>
          {(field) => (
            <select
              {...field}
              value={filter.kind}
              onChange={(e) => {
                const kind = KINDS.find((k) => k.value === e.target.value)?.value;
                if (kind) onChange({ ...filter, kind });
              }}
              className={INPUT_CLASS}
            >
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={ROLE_PERMISSIONS_TEXTS.filter.resource}>
          {(field) => (
            <select
              {...field}
              value={filter.resource}
              onChange={(e) => onChange({ ...filter, resource: e.target.value })}
              className={INPUT_CLASS}
            >
              <option value="">{ROLE_PERMISSIONS_TEXTS.filter.allResources}</option>
              {groupByResource(permissions).map((g) => (
                <option key={g.resource} value={g.resource}>
                  {g.resource}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button
          className="w-full"
          disabled={count === 0}
          onClick={() => onChange({ ...NO_FILTER, search: filter.search })}
        >
          {ROLE_PERMISSIONS_TEXTS.filter.clear}
        </Button>
      </PopoverPanel>
    </Popover>
  );
}
