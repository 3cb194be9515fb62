import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { AlertBanner } from '../../features/alerts-feed/AlertBanner';
import { routeForPath } from '../../lib/navigation';
import { useUsageTracking } from '../useUsageTracking';
import { useConsoleSettings } from '../consoleSettings';
import { useAuthStore } from '../state/useAuthStore';
import { useDisplayPreferences } from '../useDisplayPreferences';
import { useInactivitySignOut } from '../useInactivitySignOut';
import { Breadcrumbs } from './Breadcrumbs';
import { DatabaseUnreachableBanner } from './DatabaseUnreachableBanner';
import { MaintenanceBanner } from './MaintenanceBanner';
import { ServerStatusBanner } from './ServerStatusBanner';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useFocusHeadingOnNavigation } from './useFocusHeadingOnNavigation';

const MAIN_ID = 'main-content';

function ScreenLoading() {
  return (
    <div role="status" aria-label="Loading screen" className="flex justify-center py-16">
      <Spinner className="size-6" />
    </div>
  );
}

/** The shell around every protected screen: header, sidebar navigation, breadcrumbs. */
export function AppLayout() {
  const { pathname } = useLocation();
  const route = routeForPath(pathname);
  useUsageTracking();
  const settings = useConsoleSettings();
  const superAdmin = useAuthStore((state) => state.user?.role === 'super_admin');
  useInactivitySignOut(settings.sessionTimeout);
  const formats = useDisplayPreferences(settings);

  // The platform name (a setting) titles the window; the Electron host's window shows it too.
  useEffect(() => {
    document.title = route ? `${route.title} · ${settings.platformName}` : settings.platformName;
  }, [route, settings.platformName]);
  useFocusHeadingOnNavigation(pathname, MAIN_ID);

  return (
    <div className="min-h-full">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // The hash belongs to the router: move focus without navigating.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-fg shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Header platformName={settings.platformName} />
      <DatabaseUnreachableBanner />
      <MaintenanceBanner active={settings.maintenanceMode} exempt={superAdmin} />
      <ServerStatusBanner />
      <AlertBanner />
      <div className="flex">
        <Sidebar />
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <div className="mx-auto max-w-7xl space-y-6">
            <Breadcrumbs />
            <Suspense fallback={<ScreenLoading />}>
              {/* Keyed by the formats: a new timezone or language redraws the screen's dates and numbers. */}
              <Outlet key={formats} />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
