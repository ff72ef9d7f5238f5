import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ACTIVATED_COOKIE } from '../../../contract/user.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { refreshUser, session } from './session-store.ts';
import './account.scss';

/** The flag as this page load found it: the screen may mount more than once while the session loads. */
let activatedFlag: boolean | null = null;

/**
 * Reads and clears the server's "activation just worked" flag (contract ACTIVATED_COOKIE), once per page load. Browser
 * only: a server render draws the page without it (useSyncExternalStore's server snapshot), and the hydrated page
 * reads it.
 */
function takeActivatedFlag(): boolean {
  if (activatedFlag === null) {
    activatedFlag = document.cookie.split('; ').includes(`${ACTIVATED_COOKIE}=1`);
    if (activatedFlag) document.cookie = `${ACTIVATED_COOKIE}=; path=/activate; max-age=0`;
  }
  return activatedFlag;
}

/** The flag never changes within a page load: nothing to subscribe to. */
const noChange = () => () => {};
/** The server render's flag: the cookie is the browser's to read and clear. */
const notActivated = () => false;

/**
 * /activate/done: where the activation link leads. It says "activated" only when that is true: the link just
 * worked (the server's flag) or the logged-in member is confirmed; otherwise it explains how to activate.
 */
export default function ActivateDoneScreen() {
  const { t } = useTranslation('account');
  const { user } = useSnapshot(session);
  const justActivated = useSyncExternalStore(noChange, takeActivatedFlag, notActivated);
  const activated = justActivated || user?.status === 'confirmed';
  const title = activated ? t('activate.doneTitle') : t('activate.pendingTitle');
  usePageTitle(title);
  useEffect(() => {
    // The status may just have changed to confirmed on the server.
    void refreshUser().catch(() => {});
  }, []);
  return (
    <section className="auth-page" aria-labelledby="activate-heading">
      <div className="container">
        <div className="auth-card card text-center">
          <div className="card-body">
            <div className={`result-icon ${activated ? 'result-icon-ok' : 'result-icon-info'}`} aria-hidden="true">
              {activated ? '✓' : '✉'}
            </div>
            <h1 id="activate-heading" className="auth-title">
              {title}
            </h1>
            <p className="auth-lead">{activated ? t('activate.doneText') : t('activate.pendingText')}</p>
            {user ? (
              <Link href="/members" className="btn btn-primary btn-lg">
                {t('activate.toMembers')}
              </Link>
            ) : (
              <Link href="/login" className="btn btn-primary btn-lg">
                {t('login.submit')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
