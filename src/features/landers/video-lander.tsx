import { useTranslation } from 'react-i18next';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto } from './lander-parts.tsx';

/**
 * /landers/video/:slug?: a looping "video call" drawn in CSS instead of a video file (no download, nothing to
 * decode): the member's photo pans slowly, a timer runs and chat bubbles come and go; still under reduced motion.
 */
export default function VideoLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const [star, guest] = content?.members ?? [];
  return (
    <LanderPage className="lander-video" title={t('video.title', copy)} headingId="video-heading">
      <div className="container video-wrap">
        <div className="video-copy">
          <h1 id="video-heading">{t('video.title', copy)}</h1>
          <p className="lead">{t('video.lead', copy)}</p>
          <LanderCta label={t('video.cta')} />
        </div>
        <figure className="video-frame">
          <div className="video-screen" aria-hidden="true">
            {star ? (
              <MemberPhoto member={star} className="video-main" eager large />
            ) : (
              <span className="video-main lander-placeholder" />
            )}
            {guest && <MemberPhoto member={guest} className="video-self" eager />}
            <span className="video-live">{t('video.live')}</span>
            <span className="video-bubble video-bubble-1">{t('video.bubble1')}</span>
            <span className="video-bubble video-bubble-2">{t('video.bubble2')}</span>
            <span className="video-progress" />
          </div>
          <figcaption>{star ? t('video.caption', { name: star.name, age: star.age, city: star.city }) : '\u00a0'}</figcaption>
        </figure>
      </div>
    </LanderPage>
  );
}
