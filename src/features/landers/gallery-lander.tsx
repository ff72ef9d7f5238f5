import { useTranslation } from 'react-i18next';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto, PhotoPlaceholders } from './lander-parts.tsx';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';

/** /landers/gallery/:slug?: a clean gallery of member cards with name, age and town, each opening signup. */
export default function GalleryLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const members = content?.members ?? [];
  return (
    <LanderPage className="lander-gallery" title={t('gallery.title', copy)} headingId="gallery-heading">
      <div className="container">
        <header className="gallery-head">
          <h1 id="gallery-heading">{t('gallery.title', copy)}</h1>
          <p className="lead">{t('gallery.lead', copy)}</p>
        </header>
        <ul className="gallery-grid">
          {members.length ? (
            members.map((m, i) => (
              <li key={m.id} className="gallery-item">
                <MemberPhoto member={m} eager={i < 4} />
                <div className="gallery-caption">
                  <strong translate="no">
                    {m.name}, {m.age}
                  </strong>
                  {m.fictional && <FictionalBadge size={16} />}
                  <span translate="no">{m.city}</span>
                </div>
              </li>
            ))
          ) : (
            <PhotoPlaceholders count={8} className="gallery-item" />
          )}
        </ul>
        <div className="text-center py-4">
          <LanderCta label={t('gallery.cta')} />
        </div>
      </div>
    </LanderPage>
  );
}
