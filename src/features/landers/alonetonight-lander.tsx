import { useTranslation } from 'react-i18next';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto, PhotoPlaceholders } from './lander-parts.tsx';

/** /landers/alonetonight/:slug?: a night sky (drawn in CSS) and who is awake and online tonight. */
export default function AloneTonightLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const members = content?.members.slice(0, 6) ?? [];
  return (
    <LanderPage className="lander-alonetonight" title={t('alonetonight.title', copy)} headingId="tonight-heading">
      <div className="night-sky" aria-hidden="true">
        <span className="moon" />
      </div>
      <div className="container night-body">
        <h1 id="tonight-heading">{t('alonetonight.title', copy)}</h1>
        <p className="lead">{t('alonetonight.lead', copy)}</p>
        <h2 className="h6 night-online">{t('alonetonight.online', { count: content?.members.length ?? 0 })}</h2>
        <ul className="night-faces">
          {members.length ? (
            members.map((m, i) => (
              <li key={m.id}>
                <MemberPhoto member={m} eager={i < 3} captioned />
                <span translate="no">
                  {m.name}, {m.age}
                </span>
              </li>
            ))
          ) : (
            <PhotoPlaceholders count={6} className="night-face" />
          )}
        </ul>
        <LanderCta label={t('alonetonight.cta')} />
      </div>
    </LanderPage>
  );
}
