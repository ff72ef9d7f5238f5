import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../contract/index.ts';

const FIELDS = ['sexuality', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'] as const;

/**
 * The profile's details (sexuality, hair, eyes, body type, relationship status, tattoos) as labelled tiles, and its
 * interests as pills; the details' words agree with the member's gender in languages that mark it. Only what the server sent: a detail the member never set, or the site keeps hidden, is absent.
 */
export function ProfileDetails({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('profile-fields');
  const fields = FIELDS.filter((f) => profile[f] !== undefined);
  return (
    <>
      {fields.length > 0 && <h2 className="h6 text-uppercase text-body-secondary fw-semibold mt-4 mb-2">{t('details')}</h2>}
      {fields.length > 0 && (
        <dl className="profile-facts mb-0">
          {fields.map((f) => (
            <div key={f} className="bg-white border rounded-3 px-3 py-2">
              <dt className="small fw-normal text-body-secondary">{t(`field.${f}`)}</dt>
              {/* Adjectives agree with the member (pl "Wolny"/"Wolna"): the i18next context `_male`/`_female`, where a language has one. */}
              <dd className="fw-semibold mb-0">{t(`${f}.${profile[f]}`, { context: profile.gender })}</dd>
            </div>
          ))}
        </dl>
      )}
      {profile.interests && profile.interests.length > 0 && (
        <>
          <h2 className="h6 text-uppercase text-body-secondary fw-semibold mt-4 mb-2">{t('field.interests')}</h2>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {profile.interests.map((i) => (
              <li key={i} className="badge rounded-pill bg-primary-subtle text-primary-emphasis fw-semibold px-3 py-2">
                {t(`interests.${i}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
