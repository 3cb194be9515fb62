import { LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { OrganizationSwitcher } from '../../features/organization/OrganizationSwitcher';
import { DateRangeSelect } from './DateRangeSelect';
import { LiveIndicator } from './LiveIndicator';
import { MobileMenu } from './MobileMenu';
import { NotificationBell } from './NotificationBell';
import { RefreshButton } from './RefreshButton';
import { ThemeToggle } from './ThemeToggle';
import { UserBlock } from './UserBlock';

/** `platformName`: the name a setting gives the platform (part 2 §2). */
export function Header({ platformName }: { platformName: string }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-surface/95 px-4 backdrop-blur sm:px-6">
      <MobileMenu />
      <Link to="/" className="flex items-center gap-2.5 rounded-md">
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-fg">
          <LayoutGrid aria-hidden="true" className="size-4.5" />
        </span>
        <span className="sr-only text-base font-semibold tracking-tight text-fg sm:not-sr-only">
          {platformName}
        </span>
      </Link>
      <OrganizationSwitcher />
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        <div className="hidden md:block">
          <LiveIndicator />
        </div>
        <div className="hidden md:block">
          <DateRangeSelect />
        </div>
        <RefreshButton />
        <NotificationBell />
        <ThemeToggle />
        <UserBlock />
      </div>
    </header>
  );
}
