import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { ChatIcon, HeartIcon, SearchIcon, ShieldIcon } from '../../app/layouts/icons.tsx';
import { session } from '../account/session-store.ts';
import { openSignupModal } from '../account/signup-modal-store.ts';
import { nicheOf } from '../../../contract/niches.ts';
import './home.scss';

/** A decorative chat preview for the hero: pure CSS, no images. Hidden from screen readers. */
function HeroPreview() {
  const { t } = useTranslation();
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-card hero-card-back" />
      <div className="hero-card">
        <div className="hero-card-head">
          <span className="hero-avatar hero-avatar-a">S</span>
          <div>
            <strong>{t('home.preview.name')}</strong>
            <span className="hero-online">{t('home.preview.online')}</span>
          </div>
        </div>
        <p className="bubble bubble-in">{t('home.preview.message1')}</p>
        <p className="bubble bubble-out">{t('home.preview.message2')}</p>
        <p className="bubble bubble-in">{t('home.preview.message3')}</p>
        <div className="hero-match">
          <HeartIcon /> {t('home.preview.match')}
        </div>
      </div>
    </div>
  );
}

const features = [
  { key: 'search', Icon: SearchIcon },
  { key: 'like', Icon: HeartIcon },
  { key: 'chat', Icon: ChatIcon },
] as const;

/**
 * `/` for visitors: the marketing home with the signup call to action (a member goes to /members). Its kicker, heading
 * and lead speak to the site niche's audience (spec 1: "Meet men who want men" on the gay site).
 */
export default function HomeScreen() {
  const { t, i18n } = useTranslation(['common', 'pages']);
  const { settings } = useSnapshot(session);
  const name = settings?.name ?? '';
  const niche = nicheOf(settings?.niche);
  const hero = niche === 'general' ? 'home' : `home.niche.${niche}`;
  // The site's index title is written in the site's own language; a reader of another language gets a translated one.
  const inSiteLanguage = !settings || i18n.language === settings.domain_language.slice(0, 2).toLowerCase();
  usePageTitle(inSiteLanguage ? null : t('pages:titles.home'));

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container">
          <div className="row align-items-center g-5">
            <div className="col-lg-6">
              <p className="hero-kicker">{t(`${hero}.kicker`)}</p>
              <h1 id="hero-heading" className="hero-title">
                {t(`${hero}.title`)}
              </h1>
              <p className="hero-lead">{t(`${hero}.lead`, { name })}</p>
              <div className="hero-actions">
                <button type="button" className="btn btn-secondary btn-lg" onClick={openSignupModal}>
                  {t('home.cta')}
                </button>
                <Link href="/login" className="btn btn-outline-light btn-lg">
                  {t('home.haveAccount')}
                </Link>
              </div>
              <ul className="hero-trust">
                <li>{t('home.trust.free')}</li>
                <li>{t('home.trust.adults')}</li>
                <li>{t('home.trust.private')}</li>
              </ul>
            </div>
            <div className="col-lg-6 d-none d-md-block">
              <HeroPreview />
            </div>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="features-heading">
        <div className="container">
          <h2 id="features-heading" className="section-title">
            {t('home.features.title')}
          </h2>
          <div className="row g-4">
            {features.map(({ key, Icon }) => (
              <div className="col-md-4" key={key}>
                <div className="feature-card">
                  <span className="feature-icon">
                    <Icon />
                  </span>
                  <h3 className="h5">{t(`home.features.${key}.title`)}</h3>
                  <p className="mb-0">{t(`home.features.${key}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="home-section home-steps" aria-labelledby="steps-heading">
        <div className="container">
          <h2 id="steps-heading" className="section-title">
            {t('home.steps.title')}
          </h2>
          <ol className="steps">
            {(['one', 'two', 'three'] as const).map((step) => (
              <li key={step}>
                <h3 className="h6">{t(`home.steps.${step}.title`)}</h3>
                <p className="mb-0">{t(`home.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="premium-heading">
        <div className="container">
          <div className="premium-band">
            <span className="feature-icon feature-icon-light">
              <ShieldIcon />
            </span>
            <div className="flex-grow-1">
              <h2 id="premium-heading" className="h4">
                {t('home.premium.title')}
              </h2>
              <p className="mb-0">{t('home.premium.text')}</p>
            </div>
            <button type="button" className="btn btn-light btn-lg" onClick={openSignupModal}>
              {t('home.ctaShort')}
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
