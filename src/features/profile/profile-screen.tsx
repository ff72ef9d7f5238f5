import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { OwnProfileResponse, type OwnProfile } from '../../../contract/index.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { PhotoManager } from './photo-manager.tsx';
import { fetchOwnProfile } from './profile-api.ts';
import { PROFILE_CALL } from './profile-calls.ts';
import { ProfileForm } from './profile-form.tsx';

/**
 * /profile (spec 2: own profile editing; the account menu's "My profile"): the photo manager and the profile form. A
 * server-rendered page comes with the profile (its first call, PROFILE_CALL); otherwise it is fetched.
 */
export default function ProfileScreen() {
  const { t } = useTranslation(['profile', 'errors']);
  usePageTitle(t('title'));
  const { user, settings } = useSnapshot(session);
  const {
    value: profile,
    setValue: setProfile,
    error,
  } = useFirstAnswer(PROFILE_CALL, OwnProfileResponse, (r): OwnProfile => r.profile, fetchOwnProfile);

  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 880 }}>
      <h1 className="h3 fw-bold mb-3">{t('title')}</h1>
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body">
          <PhotoManager />
        </div>
      </div>
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body">
          {error != null && (
            <div className="alert alert-danger mb-0" role="alert">
              {errorText(error, { t })}
            </div>
          )}
          {!profile && error == null && (
            <Spinner animation="border" role="status">
              <span className="visually-hidden">{t('loading')}</span>
            </Spinner>
          )}
          {profile && user && (
            <ProfileForm
              profile={profile}
              email={user.email}
              visible={settings?.visible_profile_fields ?? []}
              notes={settings?.visible_profile_notes ?? []}
              onSaved={setProfile}
            />
          )}
        </div>
      </div>
    </div>
  );
}
