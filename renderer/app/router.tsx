import { lazy, Suspense } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { CONSOLE_ROUTES, LOGIN_PATH } from '../../shared/routes';
import { SET_PASSWORD_PATH } from '../../shared/users';
import { FullScreenMessage } from '../components/ui/FullScreenMessage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { HomeRedirect } from './guards/HomeRedirect';
import { RequireAuth } from './guards/RequireAuth';
import { RouteGuard } from './guards/RouteGuard';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './RouteError';
import { SCREENS } from './screens';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
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
      {
        path: LOGIN_PATH,
        element: (
          <Suspense fallback={<FullScreenMessage>Loading...</FullScreenMessage>}>
            <LoginPage />
          </Suspense>
        ),
      },
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
            <AppLayout />
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
