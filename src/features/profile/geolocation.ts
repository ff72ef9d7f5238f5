// The geolocation permission state of spec 4 ("unsupported, unknown, or the browser state"), apart from the location
// fields so the rule is in one place and follows the browser when the member changes the permission.
import { useEffect, useState } from 'react';

/** Spec 4: no Geolocation API; no Permissions API to ask; or the browser's own state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

/** The current geolocation permission, updated when the browser reports a change. */
export function useGeolocationPermission(): GeolocationPermission {
  // 'unknown' until mounted: the server's render, and so the hydrating one, cannot see the browser's APIs.
  const [state, setState] = useState<GeolocationPermission>('unknown');
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    if (!navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const update = () => status && setState(status.state);
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      },
      () => {},
    );
    return () => status?.removeEventListener('change', update);
  }, []);
  return state;
}
