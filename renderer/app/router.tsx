import { Suspense, lazy } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { CONSOLE_ROUTES, LOGIN_PATH } from '../../shared/routes';
import { SET_PASSWORD_PATH } from '../../shared/users';
import { FullScreenMessage } from '../components/ui/FullScreenMessage';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { HomeRedirect } from './guards/HomeRedirect';
import { RequireAuth } from './guards/RequireAuth';
import { RouteGuard } from './guards/RouteGuard';
import { RouteError } from './RouteError';
import { AppLayout, SCREENS } from './screens';

const SetPasswordPage = lazy(() =>
  import('../features/auth/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })),
);

const screens: RouteObject[] = CONSOLE_ROUTES.map((route) => {
  const Screen = SCREENS[route.path];
  return {
    path: route.path,
    element: (
      <RouteGuard guard={route.guard}>
        <Screen />
      </RouteGuard>
    ),
  };
});

// A hash router: the same build is loaded from file:// (Electron) and from the browser host.
export const router = createHashRouter([
  {
    errorElement: <RouteError />,
    children: [
      // In the entry's code, outside Suspense: the first screen is drawn as soon as the entry runs,
      // with no fallback first (after one, React 19 holds the content back for about 300 ms).
      { path: LOGIN_PATH, element: <LoginPage /> },
      {
        // Issue 13: reached from a one-time link, signed out, like sign-in.
        path: SET_PASSWORD_PATH,
        element: (
          <Suspense fallback={<FullScreenMessage>Loading...</FullScreenMessage>}>
            <SetPasswordPage />
          </Suspense>
        ),
      },
      {
        element: (
          <RequireAuth>
            <Suspense fallback={<FullScreenMessage>Loading...</FullScreenMessage>}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomeRedirect /> },
          ...screens,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
