import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorBody, MemberResponse, type MemberProfile } from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { ErrorPage } from '../../app/error-page.tsx';
import { loginHref, memberSignupHref } from '../../app/login-redirect.ts';
import { session } from '../account/session-store.ts';
import { errorText } from '../../i18n/error-text.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { BackIcon, BlockIcon, ChatIcon, HeartFillIcon, HeartIcon } from '../members/icons.tsx';
import { requestSync, syncNews } from '../../sync/member-sync.ts';
import { queueLikeSeen } from '../../sync/outbox.ts';
import { loadProfile } from '../../sync/profiles.ts';
import { memberIdOf, profilePath } from './member-calls.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { SendGiftButton } from '../gifts/send-gift-button.tsx';
import { setBlock, setLike } from './member-actions.ts';
import { PhotoGallery } from './photo-gallery.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { FictionalWarning } from './fictional-warning.tsx';
import { MatchModal } from './match-modal.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import { SimilarMembers } from './similar-members.tsx';
import { countryName } from '../../i18n/country-names.ts';
import { regionName, REGIONS_NS } from '../../i18n/region-names.ts';

/**
 * /members/:id and /likes/m/:id (spec 2: members-id, likes-m-id): a member's profile with like, message and block.
 * An id that is not one ("abc") shows the 404 page (spec 8), as the server answers it (src/app/routes.ts subject).
 */
export default function MemberScreen() {
  const id = memberIdOf(useParams<{ id: string }>().id);
  if (id === null) return <ErrorPage notFound />;
  return <MemberProfileScreen key={id} id={id} />;
}

/** Whether the server answered the first call of member `id` with 404: the server render's page shows the 404 page. */
const renderedMissing = (id: number) => firstAnswer(profilePath(id), ErrorBody)?.error.code === 'not_found';

/**
 * The profile of member `id`: read from Dexie (a profile seen before opens offline) and refreshed from the server on
 * open; the 404 page when there is no such member to see (spec 8).
 */
function MemberProfileScreen({ id }: { id: number }) {
  const { t, i18n } = useTranslation(['members', 'profile-fields', 'pages', REGIONS_NS]);
  const [location, navigate] = useLocation();
  const fromLikes = location.startsWith('/likes');
  const db = useMemberDb();
  const stored: MemberProfile | undefined = useLiveQuery(() => db.profiles.get(id), [db, id]);
  // A server-rendered profile came with its answer: it shows until Dexie holds the profile.
  const [rendered] = useState(() => firstAnswer(profilePath(id), MemberResponse)?.profile);
  const profile = stored ?? (rendered?.id === id ? rendered : undefined);
  usePageTitle(profile ? t('pages:titles.member', { name: profile.name, age: profile.age }) : null);
  const { matchWith } = useSnapshot(syncNews);
  const { user } = useSnapshot(session);
  const [error, setError] = useState<unknown>(() =>
    renderedMissing(id) ? new ApiCallError(404, 'not_found', 'not found') : null,
  );
  const [actionError, setActionError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'like' | 'block' | null>(null);
  const showMatch = matchWith === id;
  const [confirmBlock, setConfirmBlock] = useState(false);
  // What the dialog asks is fixed when it opens, so it does not flip to "Unblock" while fading out.
  const [confirmUnblock, setConfirmUnblock] = useState(false);

  useEffect(() => {
    setActionError(null);
    // The server render found no such member: nothing to load.
    if (renderedMissing(id)) return;
    setError(null);
    const ac = new AbortController();
    loadProfile(db, id, ac.signal).then(
      (p) => {
        // Spec 4: opening a liked profile clears that profile's new-like flag.
        if (p.liked_by) void queueLikeSeen(db, p.id).then(() => requestSync('like-seen'));
      },
      (e) => {
        if (!ac.signal.aborted) setError(e);
      },
    );
    return () => ac.abort();
  }, [db, id]);

  const toggleLike = async () => {
    if (!profile) return;
    // Spec 6: a visitor cannot like; the like is never faked on the device. They are offered signup beside this member.
    if (!session.user) return navigate(memberSignupHref(profile.id));
    setBusy('like');
    setActionError(null);
    try {
      await setLike(db, profile, !profile.liked);
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  };

  const toggleBlock = async () => {
    if (!profile) return;
    setConfirmBlock(false);
    setBusy('block');
    setActionError(null);
    try {
      await setBlock(db, profile, !confirmUnblock);
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  };

  const back = (
    <Link
      href={fromLikes ? '/likes' : '/members'}
      className="btn btn-link text-body-secondary text-decoration-none px-0 mb-2 d-inline-flex align-items-center gap-2"
    >
      <BackIcon /> {fromLikes ? t('profile.backToLikes') : t('profile.backToSearch')}
    </Link>
  );

  const refused = error instanceof ApiCallError && error.status >= 400 && error.status < 500;
  if (refused && error.status === 404) return <ErrorPage notFound />;
  if (error && (!profile || refused)) {
    return (
      <div className="container py-3 py-md-4" style={{ maxWidth: 720 }}>
        {back}
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      </div>
    );
  }
  if (!profile)
    return (
      <div className="container py-3 py-md-4">
        {back}
        <ProfileSkeleton />
      </div>
    );

  const country = countryName(profile.country, i18n.language);
  const region = profile.region && regionName(profile.country, profile.region, i18n.language);
  const place = [profile.city, region, country].filter(Boolean).join(', ');

  return (
    <div className="container py-3 py-md-4">
      {back}
      <div className="row g-4 g-lg-5">
        <div className="col-md-6 col-lg-5">
          <PhotoGallery photos={profile.photos} name={profile.name} />
        </div>
        <div className="col-md-6 col-lg-7">
          <h1 className="h2 fw-bold d-flex align-items-center gap-2 mb-1">
            <span translate="no">
              {profile.name}, {profile.age}
            </span>
            {profile.fictional && <FictionalBadge size={24} />}
          </h1>
          <p className="text-body-secondary mb-3">
            <span translate="no">{place}</span>
            {profile.distance && <span className="ms-2">· {t(`distance.${profile.distance}`)}</span>}
            {profile.online && <span className="badge rounded-pill text-bg-success ms-2 align-middle">{t('onlineNow')}</span>}
          </p>
          {profile.fictional && <FictionalWarning name={profile.name} className="mb-3" />}

          {profile.blocked ? (
            <div className="alert alert-secondary d-flex align-items-center gap-2" role="status">
              <BlockIcon /> {t('profile.youBlocked', { name: profile.name })}
            </div>
          ) : (
            <div className="d-flex flex-wrap gap-2 mb-2">
              <Button
                variant={profile.liked ? 'secondary' : 'outline-secondary'}
                size="lg"
                className="rounded-pill px-4 d-inline-flex align-items-center gap-2 flex-grow-1 flex-sm-grow-0 justify-content-center"
                disabled={busy === 'like'}
                onClick={() => void toggleLike()}
              >
                {busy === 'like' ? (
                  <Spinner animation="border" size="sm" aria-hidden="true" />
                ) : profile.liked ? (
                  <HeartFillIcon />
                ) : (
                  <HeartIcon />
                )}
                {profile.liked ? t('profile.liked') : t('profile.like')}
              </Button>
              <Link
                href={user ? `/members/${profile.id}/chat` : memberSignupHref(profile.id)}
                className="btn btn-primary btn-lg rounded-pill px-4 d-inline-flex align-items-center gap-2 flex-grow-1 flex-sm-grow-0 justify-content-center"
              >
                <ChatIcon /> {t('profile.sendMessage')}
              </Link>
              {/* From the profile a gift goes into the conversation with this member, which then opens. */}
              <SendGiftButton
                member={profile}
                guestHref={memberSignupHref(profile.id)}
                onSent={() => navigate(`/members/${profile.id}/chat`)}
              />
            </div>
          )}
          {actionError != null && (
            <div className="alert alert-danger mt-2" role="alert">
              {errorText(actionError, { t, name: profile.name })}
            </div>
          )}

          {profile.about && (
            <>
              <h2 className="h6 text-uppercase text-body-secondary fw-semibold mt-4 mb-2">{t('profile.about')}</h2>
              <p className="mb-0" style={{ whiteSpace: 'pre-line' }} translate="no">
                {profile.about}
              </p>
            </>
          )}
          <ProfileDetails profile={profile} />

          <div className="mt-4 pt-3 border-top d-flex flex-wrap gap-4">
            <Button
              variant="link"
              size="sm"
              className="text-danger text-decoration-none px-0 d-inline-flex align-items-center gap-2"
              disabled={busy === 'block'}
              onClick={() => {
                if (!session.user) return navigate(loginHref(location));
                setConfirmUnblock(profile.blocked);
                setConfirmBlock(true);
              }}
            >
              <BlockIcon /> {profile.blocked ? t('profile.unblock') : t('profile.block')}
            </Button>
            <Link
              href={`/complaints?member=${profile.id}`}
              className="btn btn-link btn-sm text-body-secondary text-decoration-none px-0"
            >
              {t('profile.report', { name: profile.name })}
            </Link>
          </div>
        </div>
      </div>

      <SimilarMembers profile={profile} />

      <MatchModal
        show={showMatch}
        profile={profile}
        onHide={() => {
          syncNews.matchWith = null;
        }}
      />
      <ConfirmModal
        show={confirmBlock}
        title={t(confirmUnblock ? 'profile.unblockTitle' : 'profile.blockTitle', { name: profile.name })}
        body={t(confirmUnblock ? 'profile.unblockText' : 'profile.blockText', { name: profile.name })}
        confirmLabel={confirmUnblock ? t('profile.unblock') : t('profile.block')}
        danger={!confirmUnblock}
        onConfirm={() => void toggleBlock()}
        onCancel={() => setConfirmBlock(false)}
      />
    </div>
  );
}
