// The console's screens by session state: set-up (its own link), sign-in (also after a timeout), or the console.
import Spinner from 'react-bootstrap/Spinner';
import { Route, Switch } from 'wouter';
import { ConsoleLayout } from './console-layout.tsx';
import { LoginScreen } from './login-screen.tsx';
import { useOpsSession } from './session.tsx';
import { SetupScreen } from './setup-screen.tsx';

/** Everything under /ops (the router's base). */
export function OpsApp() {
  const { state } = useOpsSession();
  return (
    <Switch>
      <Route path="/setup">
        <SetupScreen />
      </Route>
      <Route>
        {state.status === 'loading' ? (
          <Spinner animation="border" role="status" aria-label="Loading" className="m-4" />
        ) : state.status === 'signed-in' ? (
          <ConsoleLayout />
        ) : (
          <LoginScreen expired={state.status === 'expired'} />
        )}
      </Route>
    </Switch>
  );
}
