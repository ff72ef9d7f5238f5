import { useTranslation } from 'react-i18next';
import { HeartIcon, ChatIcon } from '../../app/layouts/icons.tsx';
import { openSignupModal } from '../account/signup-modal-store.ts';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto, PhotoPlaceholders } from './lander-parts.tsx';

/** Posts the feed shows. */
const POSTS = 4;

/** /landers/socialnetwork/:slug?: a social-network style feed of members' posts; liking or replying asks to sign up. */
export default function SocialLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const posts = content?.members.slice(0, POSTS) ?? [];
  return (
    <LanderPage className="lander-social" title={t('social.title', copy)} headingId="social-heading">
      <div className="container social-wrap">
        <aside className="social-side">
          <h1 id="social-heading">{t('social.title', copy)}</h1>
          <p>{t('social.lead', copy)}</p>
          <LanderCta label={t('social.cta')} className="w-100" />
        </aside>
        <div className="social-feed">
          {posts.length ? (
            posts.map((m, i) => (
              <article key={m.id} className="social-post" aria-labelledby={`post-${m.id}`}>
                <header>
                  <MemberPhoto member={m} className="social-avatar" eager={i < 2} />
                  <div>
                    <h2 id={`post-${m.id}`} className="h6 mb-0" translate="no">
                      {m.name}, {m.age}
                    </h2>
                    <span className="text-body-secondary small">{t('social.postedAgo', { count: i + 1, city: m.city })}</span>
                  </div>
                </header>
                <p>{t(`social.posts.${i % POSTS}`, copy)}</p>
                <MemberPhoto member={m} className="social-photo" eager={i === 0} large />
                <footer>
                  <button type="button" className="btn btn-sm btn-light" onClick={openSignupModal}>
                    <HeartIcon /> {t('social.like', { name: m.name })}
                  </button>
                  <button type="button" className="btn btn-sm btn-light" onClick={openSignupModal}>
                    <ChatIcon /> {t('social.reply', { name: m.name })}
                  </button>
                </footer>
              </article>
            ))
          ) : (
            <PhotoPlaceholders count={2} className="social-post" />
          )}
        </div>
      </div>
    </LanderPage>
  );
}
