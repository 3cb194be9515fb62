import { NavLink } from 'react-router';
import { clsx } from 'clsx';
import type { NavSection } from '../../lib/navigation';
import { ROUTE_ICONS } from './routeIcons';

/** The grouped route links, shared by the sidebar and the mobile menu. */
export function NavSections({ sections, onNavigate }: { sections: NavSection[]; onNavigate?: () => void }) {
  return (
    <div className="space-y-6">
      {sections.map(({ group, routes }) => {
        const headingId = `nav-group-${group.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <div key={group}>
            <p id={headingId} className="px-3 text-xs font-semibold tracking-wide text-muted uppercase">
              {group}
            </p>
            <ul aria-labelledby={headingId} className="mt-2 space-y-0.5">
              {routes.map((route) => {
                const Icon = ROUTE_ICONS[route.path];
                return (
                  <li key={route.path}>
                    <NavLink
                      to={route.path}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        clsx(
                          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition',
                          isActive
                            ? 'bg-accent-soft text-accent'
                            : 'text-muted hover:bg-surface-muted hover:text-fg',
                        )
                      }
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      <span className="truncate">{route.title}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
