import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { GiftId, MemberCard } from '../../../contract/index.ts';
import { loginHref } from '../../app/login-redirect.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { queueGift } from '../../sync/outbox.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { session } from '../account/session-store.ts';
import { GiftIcon } from '../members/icons.tsx';
import { lazyPart } from '../../app/lazy-screen.ts';

const GiftPicker = lazyPart(() => import('./gift-picker.tsx'));

/**
 * Button "Send a gift" that opens the gift picker for `member`; a visitor is sent to `guestHref` (e.g. the signup
 * beside the member), or to log in first without it (spec 6). A picked
 * gift is written to Dexie and the outbox like a message (queueGift: offline-safe, sent once), then `onSent` runs.
 * `compact`: an icon-only round button (the chat composer), else a labelled pill (the profile).
 */
export function SendGiftButton({
  member,
  compact = false,
  guestHref,
  onSent,
}: {
  member: MemberCard;
  compact?: boolean;
  guestHref?: string;
  onSent?: () => void;
}) {
  const { t } = useTranslation('gifts');
  const [location, navigate] = useLocation();
  const db = useMemberDb();
  const { user } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const start = () => {
    if (!session.user) return navigate(guestHref ?? loginHref(location));
    setLoaded(true);
    setOpen(true);
  };
  const pick = (gift: GiftId) => {
    setOpen(false);
    if (!user) return;
    void queueGift(db, user.id, member, gift).then(() => {
      void requestSync('send');
      onSent?.();
    });
  };

  return (
    <>
      {compact ? (
        <button
          type="button"
          className="btn btn-light border rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 p-0 text-primary"
          style={{ width: 46, height: 46 }}
          aria-label={t('send')}
          title={t('send')}
          onClick={start}
        >
          <GiftIcon size={20} />
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary btn-lg rounded-pill px-4 d-inline-flex align-items-center gap-2 flex-grow-1 flex-sm-grow-0 justify-content-center"
          onClick={start}
        >
          <GiftIcon /> {t('send')}
        </button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <GiftPicker show={open} name={member.name} onPick={pick} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
