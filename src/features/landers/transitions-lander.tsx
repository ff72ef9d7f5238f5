import { useTranslation } from 'react-i18next';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto } from './lander-parts.tsx';

/** Photos the slideshow cycles through (the CSS keyframes are timed for four). */
const SLIDES = 4;

/**
 * /landers/transitionsvideolanding/:slug?: a full-width slideshow of members that cross-fades and zooms in
 * CSS (a still first photo under prefers-reduced-motion), the headline on top.
 */
export default function TransitionsLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const slides = content?.members.slice(0, SLIDES) ?? [];
  return (
    <LanderPage className="lander-transitions" title={t('transitions.title', copy)} headingId="transitions-heading">
      <div className="transitions-stage">
        <div className="transitions-slides" aria-hidden="true">
          {slides.map((m, i) => (
            <MemberPhoto key={m.id} member={m} className="transitions-slide" eager={i === 0} large />
          ))}
        </div>
        <div className="container transitions-copy">
          <h1 id="transitions-heading">{t('transitions.title', copy)}</h1>
          <p className="lead">{t('transitions.lead', copy)}</p>
          <LanderCta />
          <ul className="transitions-names">
            {slides.map((m) => (
              <li key={m.id} translate="no">
                {m.name}, {m.age} · {m.city}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </LanderPage>
  );
}
