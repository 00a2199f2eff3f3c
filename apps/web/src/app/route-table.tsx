import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '../components/error-boundary/route-error';
import { FullScreenLoader } from '../components/full-screen-loader';
import { paths } from '../config/paths';
import { RequireAdmin, RequireAuth, UnknownRoute } from './guards';

const strip = (path: string) => path.slice(1);

// Every screen is its own chunk: `lazy` loads the module exporting `Component` on first visit.
/** The route table of access-and-admin.md §2. */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { index: true, element: <Navigate to={paths.login.path} replace /> },
      { path: strip(paths.login.path), lazy: () => import('./routes/login') },
      { path: strip(paths.register.path), lazy: () => import('./routes/register') },
      { path: strip(paths.forgotPassword.path), lazy: () => import('./routes/forgot-password') },
      { path: strip(paths.resetPassword.path), lazy: () => import('./routes/reset-password') },
      { path: strip(paths.welcome.path), lazy: () => import('./routes/welcome') },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./layout/app-layout'),
            children: [
              { path: strip(paths.dashboard.path), lazy: () => import('./routes/dashboard') },
              { path: strip(paths.statistics.path), lazy: () => import('./routes/statistics') },
              { path: strip(paths.trades.path), lazy: () => import('./routes/trades') },
              { path: strip(paths.settings.path), lazy: () => import('./routes/settings') },
              { path: strip(paths.backtest.path), lazy: () => import('./routes/backtest') },
              { path: strip(paths.alerts.path), lazy: () => import('./routes/alerts') },
              { path: strip(paths.reports.path), lazy: () => import('./routes/reports') },
              { path: strip(paths.taxes.path), lazy: () => import('./routes/taxes') },
              { path: strip(paths.accounts.path), lazy: () => import('./routes/all-accounts') },
              {
                path: strip(paths.taxesAnnual.path),
                lazy: () => import('./routes/taxes-annual'),
              },
              {
                element: <RequireAdmin />,
                children: [
                  // /fibonacci is admin-only per trading.md §2.
                  { path: strip(paths.fibonacci.path), lazy: () => import('./routes/fibonacci') },
                  { path: strip(paths.mt5.path), lazy: () => import('./routes/mt5') },
                  { path: strip(paths.backup.path), lazy: () => import('./routes/backup') },
                  { path: strip(paths.users.path), lazy: () => import('./routes/users') },
                  { path: strip(paths.bridge.path), lazy: () => import('./routes/bridge') },
                  {
                    path: strip(paths.bridgeAdmin.path),
                    lazy: () => import('./routes/bridge-admin'),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];
