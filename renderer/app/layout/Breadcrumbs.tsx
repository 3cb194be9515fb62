import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { breadcrumbs } from '../../lib/breadcrumbs';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname);
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${index}-${crumb.label}`}>
              {index > 0 ? (
                <li aria-hidden="true">
                  <ChevronRight className="size-3.5" />
                </li>
              ) : null}
              <li
                aria-current={last ? 'page' : undefined}
                className={last ? 'font-medium text-fg' : undefined}
              >
                {crumb.to && !last ? (
                  <Link to={crumb.to} className="rounded hover:text-fg">
                    {crumb.label}
                  </Link>
                ) : (
                  crumb.label
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
