import { Navigate, Outlet } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { shellMessages } from '../config/messages';
import { paths } from '../config/paths';
import { isAdmin, useSession } from '../lib/session';

/** Logged-out visits to any protected route go to /login (access-and-admin.md §2). */
export function RequireAuth() {
  const { state } = useSession();
  if (state.status === 'checking')
    return <FullScreenLoader label={shellMessages.checkingSession} />;
  if (state.status === 'anonymous') return <Navigate to={paths.login.path} replace />;
  return <Outlet />;
}

/**
 * Admin-only screens send everyone else to /dashboard. Role hiding is an interface courtesy;
 * the server must refuse the calls behind these screens on its own.
 */
export function RequireAdmin() {
  const { state } = useSession();
  if (state.status === 'authenticated' && !isAdmin(state.user)) {
    return <Navigate to={paths.dashboard.path} replace />;
  }
  return <Outlet />;
}

/** Any unknown path: the dashboard when logged in, otherwise the login page. */
export function UnknownRoute() {
  const { state } = useSession();
  if (state.status === 'checking')
    return <FullScreenLoader label={shellMessages.checkingSession} />;
  const target = state.status === 'authenticated' ? paths.dashboard.path : paths.login.path;
  return <Navigate to={target} replace />;
}
