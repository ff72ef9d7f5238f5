import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { useResendActivation } from '../account/use-resend-activation.ts';
import './onboarding.scss';

/**
 * /complete-signup (spec 2: the completion step after signup steps 0 to 4): what makes a new profile answered, as a
 * checklist with the member's real state: the e-mail confirmed (with a resend), a main photo, the profile filled in
 * on /profile; then the members who fit (/signup-matches).
 */
export default function CompleteSignupScreen() {
  const { t } = useTranslation('onboarding');
  usePageTitle(t('complete.title'));
  const { user } = useSnapshot(session);
  const { state, resend } = useResendActivation();
  if (!user) return null;
  const confirmed = user.status === 'confirmed';
  const photo = user.profile.main_image !== null;
  return (
    <div className="container py-3 py-md-4 onboarding" style={{ maxWidth: 720 }}>
      <p className="text-primary fw-semibold mb-1">{t('complete.welcome', { name: user.profile.name })}</p>
      <h1 className="h3 fw-bold mb-2">{t('complete.title')}</h1>
      <p className="text-body-secondary mb-4">{t('complete.lead')}</p>
      <ol className="onboarding-steps list-unstyled">
        <li className={`card border-0 shadow-sm rounded-4 ${confirmed ? 'is-done' : ''}`}>
          <div className="card-body d-flex gap-3">
            <span className="onboarding-mark" aria-hidden="true">
              {confirmed ? '✓' : '1'}
            </span>
            <div>
              <h2 className="h6 fw-bold mb-1">{t('complete.email.title')}</h2>
              <p className="mb-2">{confirmed ? t('complete.email.done') : t('complete.email.text', { email: user.email })}</p>
              {!confirmed &&
                (state === 'sent' ? (
                  <p className="mb-0 fw-semibold" role="status">
                    {t('complete.email.sent')}
                  </p>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    disabled={state === 'busy'}
                    onClick={() => void resend()}
                  >
                    {t('complete.email.resend')}
                  </button>
                ))}
              {state !== 'idle' && state !== 'busy' && state !== 'sent' && (
                <p className="text-danger mb-0 mt-2" role="alert">
                  {state}
                </p>
              )}
            </div>
          </div>
        </li>
        <li className={`card border-0 shadow-sm rounded-4 ${photo ? 'is-done' : ''}`}>
          <div className="card-body d-flex gap-3">
            <span className="onboarding-mark" aria-hidden="true">
              {photo ? '✓' : '2'}
            </span>
            <div>
              <h2 className="h6 fw-bold mb-1">{t('complete.photo.title')}</h2>
              <p className="mb-2">{photo ? t('complete.photo.done') : t('complete.photo.text')}</p>
              <Link href="/profile" className="btn btn-sm btn-outline-primary">
                {photo ? t('complete.photo.manage') : t('complete.photo.add')}
              </Link>
            </div>
          </div>
        </li>
        <li className="card border-0 shadow-sm rounded-4">
          <div className="card-body d-flex gap-3">
            <span className="onboarding-mark" aria-hidden="true">
              3
            </span>
            <div>
              <h2 className="h6 fw-bold mb-1">{t('complete.profile.title')}</h2>
              <p className="mb-2">{t('complete.profile.text')}</p>
              <Link href="/profile" className="btn btn-sm btn-outline-primary">
                {t('complete.profile.edit')}
              </Link>
            </div>
          </div>
        </li>
      </ol>
      <Link href="/signup-matches" className="btn btn-primary btn-lg rounded-pill w-100 mt-2">
        {t('complete.next')}
      </Link>
    </div>
  );
}
