import { Suspense, useEffect, useMemo } from 'react';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { visitorMaySearch } from '../../contract/search-access.ts';
import { session } from '../features/account/session-store.ts';
import { getTracking } from '../features/account/tracking.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { loginHref, nextAfterLogin } from './login-redirect.ts';
import { findRoute, notFoundRoute } from './routes.ts';
import { layouts, screenOf } from './route-screens.ts';
import { EntryWarning } from './entry-warning.tsx';
import { doneProgress, progress, startProgress } from './progress.ts';
import { markHydrated } from './hydrated.tsx';
import { SSR_LOCK_ID } from './ssr-boot.ts';

/**
 * Ends the lock of a server-rendered page (src/app/ssr-boot.ts) once its screen has hydrated: it sits inside the
 * screen's Suspense boundary, so its effect runs when the screen's HTML is live. The lock's fieldset stays where it
 * is (moving #root out of it would make the browser lay the whole page out again): it is enabled and loses its id.
 * The page is then live as a whole (hydrated.tsx markHydrated). Renders nothing.
 */
function Unlock() {
  useEffect(() => {
    markHydrated();
    const lock = document.getElementById(SSR_LOCK_ID);
    if (!lock) return;
    lock.removeAttribute('disabled');
    lock.removeAttribute('id');
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return null;
}

/** Spec 2: "A progress bar runs on navigation": a Suspense fallback that runs the bar while a chunk loads. */
function RouteProgress() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return null;
}

/** The bar itself (src/app/progress.ts), drawn above every layout. */
function ProgressBar() {
  const { t } = useTranslation();
  const { visible, value } = useSnapshot(progress);
  if (!visible) return null;
  return (
    <div
      className="route-progress"
      role="progressbar"
      aria-label={t('generic.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      style={{ transform: `scaleX(${value})` }}
    />
  );
}

/** Matches the location against the route table, applies the access rules and renders layout + screen. */
export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const { user, settings } = useSnapshot(session);
  const route = useMemo(() => findRoute(location), [location]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  const loggedIn = user !== null;
  // A visitor sent to log in comes back to the page afterwards (login-screen reads `next` too).
  if (route.access === 'guest' && loggedIn)
    return <Redirect to={route.name === 'login' ? nextAfterLogin(search) : '/members'} replace />;
  const toLogin = loginHref(location + (search ? `?${search}` : ''));
  if (route.access === 'members' && !loggedIn) return <Redirect to={toLogin} replace />;
  // Spec 6: a visitor searches only as logged_out_search and logged_out_search_trafficsource allow (the server checks too).
  if (route.access === 'search' && !loggedIn && !(settings && visitorMaySearch(settings, getTracking()?.network)))
    return <Redirect to={toLogin} replace />;

  const Layout = layouts[route.layout];
  const Screen = screenOf(route);
  return (
    <>
      <ProgressBar />
      <EntryWarning layout={route.layout} />
      <Suspense fallback={<RouteProgress />}>
        <Layout>
          <ErrorBoundary key={route.name} resetKey={location}>
            <Suspense fallback={<RouteProgress />}>
              {route === notFoundRoute ? (
                <Screen />
              ) : (
                <Route key={route.name} path={route.path}>
                  <Screen />
                </Route>
              )}
              <Unlock />
            </Suspense>
          </ErrorBoundary>
        </Layout>
      </Suspense>
    </>
  );
}
