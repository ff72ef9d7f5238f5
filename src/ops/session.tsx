// The signed-in staff member of the console: loaded from GET /api/ops/me at start, set by the login screen, ended by
// sign-out or by any call that answers 401 (the server's idle timeout, docs/operations.md), which the console shows.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpsStaffResponse, StaffRole } from '../../contract/ops.ts';
import { opsEvents, opsFetch, OpsApiError } from './api.ts';

/** The signed-in staff member as the console uses them. */
export interface SignedInStaff {
  id: number;
  email: string;
  role: StaffRole;
}

/**
 * The session's state: `loading` (GET /me under way), `signed-out`, `expired` (a call answered 401 while signed in:
 * the idle timeout or a sign-out elsewhere) or `signed-in` with its staff member.
 */
export type OpsSessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'expired' } | { status: 'signed-in'; staff: SignedInStaff };

interface OpsSession {
  state: OpsSessionState;
  /** Called by the login screen with the answer of POST /api/ops/login. */
  signedIn(staff: SignedInStaff): void;
  /** POST /api/ops/logout (`everywhere`: /logout-everywhere), then signed out. */
  signOut(everywhere?: boolean): Promise<void>;
}

const SessionContext = createContext<OpsSession | null>(null);

const toSignedIn = ({ staff }: OpsStaffResponse): SignedInStaff => ({ id: staff.id, email: staff.email, role: staff.role });

/** Holds the console's session for everything below it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OpsSessionState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    opsFetch<OpsStaffResponse>('/me').then(
      (me) => current && setState({ status: 'signed-in', staff: toSignedIn(me) }),
      () => current && setState({ status: 'signed-out' }),
    );
    // A 401 after sign-in: the session timed out (or ended elsewhere); before it, just not signed in.
    const onUnauthorized = () => setState((s) => (s.status === 'signed-in' ? { status: 'expired' } : s));
    opsEvents.addEventListener('unauthorized', onUnauthorized);
    return () => {
      current = false;
      opsEvents.removeEventListener('unauthorized', onUnauthorized);
    };
  }, []);
  const signedIn = useCallback((staff: SignedInStaff) => setState({ status: 'signed-in', staff }), []);
  const signOut = useCallback(async (everywhere = false) => {
    try {
      await opsFetch(everywhere ? '/logout-everywhere' : '/logout', { method: 'POST' });
    } catch (e) {
      // Already signed out on the server: the outcome wanted.
      if (!(e instanceof OpsApiError && e.status === 401)) throw e;
    }
    setState({ status: 'signed-out' });
  }, []);
  const value = useMemo(() => ({ state, signedIn, signOut }), [state, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session (state, signedIn, signOut); throws outside SessionProvider. */
export function useOpsSession(): OpsSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useOpsSession outside SessionProvider');
  return session;
}

/**
 * The signed-in staff member `{ id, email, role }`. For the console's sections, which are drawn only when signed in;
 * throws when nobody is.
 */
export function useStaff(): SignedInStaff {
  const { state } = useOpsSession();
  if (state.status !== 'signed-in') throw new Error('useStaff without a signed-in staff member');
  return state.staff;
}
