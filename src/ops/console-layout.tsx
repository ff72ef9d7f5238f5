// The signed-in console: a nav of the sections the role may see (src/ops/sections.ts), sign-out and sign-out
// everywhere, and the open section, loaded when first opened.
import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { sectionsFor, type OpsSection } from './sections.ts';
import { useOpsSession, useStaff } from './session.tsx';

/** One section's component, loaded once per section. */
function SectionView({ section }: { section: OpsSection }) {
  const Section = useMemo(() => lazy(section.load), [section]);
  return (
    <Suspense fallback={<Spinner animation="border" size="sm" role="status" aria-label="Loading" />}>
      <Section />
    </Suspense>
  );
}

/** The console for the signed-in staff member. */
export function ConsoleLayout() {
  const staff = useStaff();
  const { signOut } = useOpsSession();
  const [location] = useLocation();
  const [error, setError] = useState<string>();
  const sections = sectionsFor(staff.role);
  const leave = (everywhere: boolean) => signOut(everywhere).catch((e: unknown) => setError(String(e)));
  return (
    <>
      <header className="ops-bar">
        <nav className="ops-nav" aria-label="Sections">
          <span className="ops-brand">Back office</span>
          {sections.map((s) => (
            <Link
              key={s.path}
              href={`/${s.path}`}
              className="ops-nav-link"
              aria-current={location === `/${s.path}` || location.startsWith(`/${s.path}/`) ? 'page' : undefined}
            >
              {s.label}
            </Link>
          ))}
        </nav>
        <div className="ops-who">
          <span className="small">
            {staff.email} ({staff.role})
          </span>
          <Button size="sm" variant="outline-light" onClick={() => void leave(false)}>
            Sign out
          </Button>
          <Button size="sm" variant="outline-light" onClick={() => void leave(true)}>
            Sign out everywhere
          </Button>
        </div>
      </header>
      <main className="ops-main">
        {error && <Alert variant="danger">{error}</Alert>}
        <Switch>
          {sections.map((s) => (
            <Route key={s.path} path={`/${s.path}`} nest>
              <SectionView section={s} />
            </Route>
          ))}
          <Route path="/">
            {sections.length ? <Redirect to={`/${sections[0].path}`} replace /> : <p>No section is open to your role.</p>}
          </Route>
          <Route>
            <p>This page does not exist or is not open to your role.</p>
          </Route>
        </Switch>
      </main>
    </>
  );
}
