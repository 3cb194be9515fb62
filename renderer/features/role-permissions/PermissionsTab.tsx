import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { ChevronRight } from 'lucide-react';
import type { Role } from '../../../shared/api/roles';
import { groupByResource, OPEN_GROUPS, type CataloguePermission } from './rules';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

/** The Permissions tab: the catalogue grouped by resource, collapsible; dashboard, users and system open. */
export function PermissionsTab({
  permissions,
  roles,
}: {
  permissions: readonly CataloguePermission[];
  roles: readonly Role[];
}) {
  const groups = groupByResource(permissions);
  if (groups.length === 0) {
    return <p className="py-10 text-center text-sm text-muted">{ROLE_PERMISSIONS_TEXTS.empty.permissions}</p>;
  }
  const holders = (id: string) => roles.filter((r) => r.permissions.includes(id)).map((r) => r.name);

  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <Disclosure
          key={group.resource}
          as="section"
          defaultOpen={OPEN_GROUPS.includes(group.resource)}
          className="rounded-lg border border-line bg-surface shadow-sm"
        >
          <DisclosureButton className="group flex w-full items-center gap-2 px-4 py-3 text-left">
            <ChevronRight
              aria-hidden="true"
              className="size-4 text-muted transition group-data-open:rotate-90"
            />
            <span className="text-sm font-semibold text-fg capitalize">{group.resource}</span>
            <span className="text-xs text-muted">({group.permissions.length})</span>
          </DisclosureButton>
          <DisclosurePanel as="ul" className="divide-y divide-line border-t border-line">
            {group.permissions.map((p) => {
              const heldBy = holders(p.id);
              return (
                <li key={p.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr_auto] sm:items-center">
                  <div>
                    <p className="text-sm font-medium text-fg">{p.name}</p>
                    <p className="font-mono text-xs text-muted">{p.id}</p>
                  </div>
                  <p className="text-sm text-muted">{p.description}</p>
                  <p className="text-xs text-muted" title={heldBy.join(', ')}>
                    {ROLE_PERMISSIONS_TEXTS.heldBy(heldBy.length)}
                  </p>
                </li>
              );
            })}
          </DisclosurePanel>
        </Disclosure>
      ))}
    </div>
  );
}
