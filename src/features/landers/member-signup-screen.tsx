import { Link, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { SignupForm } from '../account/signup-form.tsx';
import { useSignedUp } from '../account/use-signed-up.ts';
import { MemberMissing, ProfilePhoto } from './member-landing-screen.tsx';
import { useLandingMember } from './use-landing-member.ts';
import './landers.scss';

/** /members/:id/signup (spec 2): the signup form beside the member; a new member goes on to the chat with them. */
export default function MemberSignupScreen() {
  const { t } = useTranslation('landers');
  const id = Number(useParams<{ id: string }>().id);
  const member = useLandingMember(id);
  const { user } = useSnapshot(session);
  const chat = `/members/${id}/chat`;
  const onSignedUp = useSignedUp(chat);
  usePageTitle(member ? t('member.signup.title', { name: member.name }) : null);
  if (member === null) return <MemberMissing />;
  return (
    <section className="member-landing member-signup" aria-labelledby="member-signup-heading">
      <div className="container member-signup-grid">
        <div className="member-signup-side">
          {member?.photos[0] ? (
            <ProfilePhoto member={member} photo={member.photos[0]} eager className="member-signup-photo" />
          ) : (
            <span className="member-signup-photo lander-placeholder" />
          )}
        </div>
        <div className="card auth-card">
          <div className="card-body">
            <h1 id="member-signup-heading" className="auth-title">
              {member ? t('member.signup.title', { name: member.name }) : '\u00a0'}
            </h1>
            <p className="auth-lead">
              {member ? t('member.signup.lead', { name: member.name, age: member.age, city: member.city }) : '\u00a0'}
            </p>
            {user ? (
              <Link href={chat} className="btn btn-secondary btn-lg">
                {t('member.cta', { name: member?.name ?? '' })}
              </Link>
            ) : (
              <SignupForm idPrefix="member-signup" onSignedUp={onSignedUp} />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
