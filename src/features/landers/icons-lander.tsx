import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interest } from '../../../contract/index.ts';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { InterestIcon, nicheInterests } from './interest-icons.tsx';
import { LanderCta, LanderPage, MemberPhoto } from './lander-parts.tsx';

/** Interests a visitor may pick before the call to action. */
const MAX_PICKS = 3;

/** /landers/iconslanding/:slug?: an icon grid of interests (toggle buttons) and members who share them. */
export default function IconsLander() {
  const { t } = useTranslation(['landers', 'profile-fields']);
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const [picked, setPicked] = useState<Interest[]>([]);
  const toggle = (i: Interest) => setPicked((p) => (p.includes(i) ? p.filter((x) => x !== i) : [...p, i].slice(-MAX_PICKS)));
  const faces = content?.members.slice(0, 5) ?? [];
  return (
    <LanderPage className="lander-icons" title={t('icons.title', copy)} headingId="icons-heading">
      <div className="container icons-wrap">
        <h1 id="icons-heading">{t('icons.title', copy)}</h1>
        <p className="lead">{t('icons.lead', copy)}</p>
        <ul className="icon-grid">
          {nicheInterests[copy.niche].map((interest) => (
            <li key={interest}>
              <button
                type="button"
                className="icon-tile"
                aria-pressed={picked.includes(interest)}
                onClick={() => toggle(interest)}
              >
                <InterestIcon interest={interest} />
                <span>{t(`profile-fields:interests.${interest}`)}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="icons-match">
          <div className="icons-faces">
            {faces.map((m, i) => (
              <MemberPhoto key={m.id} member={m} eager={i < 2} />
            ))}
          </div>
          <p className="mb-0" aria-live="polite">
            {picked.length
              ? t('icons.matches', { count: Math.max(3, Math.round((content?.total ?? 0) / (picked.length + 2))) })
              : t('icons.pick', { count: MAX_PICKS })}
          </p>
        </div>
        <LanderCta label={t('icons.cta')} />
      </div>
    </LanderPage>
  );
}
