import { Suspense, useEffect, useMemo } from 'react';
import { Redirect, Route, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../features/account/session-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { loginHref, nextAfterLogin } from './login-redirect.ts';
import { findRoute, layouts, notFoundRoute } from './routes.ts';

/** Spec 2: "A progress bar runs on navigation": shown by CSS after 200 ms while a screen chunk loads. */
function RouteProgress() {
  const { t } = useTranslation();
  return <div className="route-progress" role="progressbar" aria-label={t('generic.loading')} />;
}

/** Matches the location against the route table, applies the access rules and renders layout + screen. */
export function AppRouter() {
  const [location] = useLocation();
  const { user, settings } = useSnapshot(session);
  const route = useMemo(() => findRoute(location), [location]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  const loggedIn = user !== null;
  // A visitor sent to log in comes back to the page afterwards (login-screen reads `next` too).
  if (route.access === 'guest' && loggedIn) return <Redirect to={route.name === 'login' ? nextAfterLogin(window.location.search) : '/members'} replace />;
  const toLogin = loginHref(location + window.location.search);
  if (route.access === 'members' && !loggedIn) return <Redirect to={toLogin} replace />;
  if (route.access === 'search' && !loggedIn && !settings?.logged_out_search) return <Redirect to={toLogin} replace />;

  const Layout = layouts[route.layout];
  const Screen = route.screen;
  return (
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
          </Suspense>
        </ErrorBoundary>
      </Layout>
    </Suspense>
  );
}
