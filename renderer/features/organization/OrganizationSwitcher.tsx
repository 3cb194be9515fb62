import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { clsx } from 'clsx';
import { useAuthStore } from '../../app/state/useAuthStore';
import { PlanBadge, StatusDot } from './badges';
import { useSwitchOrganization } from './mutations';
import { useCurrentOrganizationId, useOrganizations } from './queries';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.switcher;

/** The header's organization switcher (part 1 §2, §4): status dot, name and plan badge per organization. */
export function OrganizationSwitcher() {
  const signedIn = useAuthStore((state) => state.status === 'authenticated');
  const currentId = useCurrentOrganizationId();
  const organizations = useOrganizations();
  const switchOrganization = useSwitchOrganization();
  if (!signedIn || !organizations.data || organizations.data.length === 0) return null;
  const current = organizations.data.find((o) => o.id === currentId) ?? null;

  return (
    <Listbox
      value={currentId}
      onChange={(id: string | null) => {
        if (id && id !== currentId) switchOrganization.mutate(id);
      }}
      disabled={switchOrganization.isPending}
    >
      <div className="relative min-w-0">
        <ListboxButton
          aria-label={TEXTS.label(current?.name ?? TEXTS.none)}
          onKeyDown={(event) => {
            // Headless UI opens a listbox with Space and the arrows; Enter, which a keyboard user presses on
            // any button (and the ARIA practices list for a select-only combobox), is made to do the same.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.currentTarget.dispatchEvent(
              new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }),
            );
          }}
          className="flex h-9 max-w-64 min-w-0 items-center gap-2 rounded-md border border-line bg-surface px-2.5 text-sm text-fg shadow-sm hover:bg-surface-muted"
        >
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted" />
          {current ? <StatusDot status={current.status} labelled /> : null}
          <span className="hidden truncate sm:inline">{current?.name ?? TEXTS.choose}</span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-40 max-h-96 w-80 overflow-auto rounded-md border border-line bg-surface p-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
        >
          {organizations.data.map((org) => (
            <ListboxOption
              key={org.id}
              value={org.id}
              className={clsx(
                'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-fg',
                // The active option is outlined as well as shaded: the shade alone is too faint to follow by keyboard.
                'data-focus:bg-surface-muted data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-ring',
              )}
            >
              <StatusDot status={org.status} labelled />
              <span className="min-w-0 flex-1 truncate">{org.name}</span>
              <PlanBadge plan={org.plan} />
              <Check
                aria-hidden="true"
                className={clsx('size-4 text-accent', org.id === currentId ? 'visible' : 'invisible')}
              />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
