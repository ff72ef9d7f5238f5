import { useTranslation } from 'react-i18next';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto, PhotoPlaceholders } from './lander-parts.tsx';

/** /landers/collagelanding/:slug?: a tilted photo collage of the demo members around the headline. */
export default function CollageLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const members = content?.members.slice(0, 9) ?? [];
  return (
    <LanderPage className="lander-collage" title={t('collage.title', copy)} headingId="collage-heading">
      <div className="container collage-wrap">
        <div className="collage" aria-hidden={members.length ? undefined : true}>
          {members.length ? (
            members.map((m, i) => <MemberPhoto key={m.id} member={m} className="collage-tile" eager={i < 4} />)
          ) : (
            <PhotoPlaceholders count={9} className="collage-tile" />
          )}
        </div>
        <div className="collage-card">
          <h1 id="collage-heading">{t('collage.title', copy)}</h1>
          <p className="lead">{t('collage.lead', { ...copy, count: content?.total ?? 0 })}</p>
          <LanderCta />
        </div>
      </div>
    </LanderPage>
  );
}
