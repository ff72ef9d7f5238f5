import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MemberCard } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { queuePhoto } from '../../sync/outbox.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { showToast } from '../../ui/toast-store.ts';
import { CameraIcon } from '../members/icons.tsx';

/** The largest photo the server takes (server/services/images.ts MAX_UPLOAD_BYTES), in bytes: refused here at once. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * The composer's round "Send a photo" button (spec 3: a photo in the conversation costs `cost` = photo_credits). It
 * opens the file picker; the picked image is written to Dexie and the outbox like a message (queuePhoto: it waits in
 * IndexedDB while offline and is sent once), then the sync engine is woken.
 */
export function SendPhotoButton({ member, cost }: { member: MemberCard; cost: number }) {
  const { t } = useTranslation('chat');
  const db = useMemberDb();
  const { user } = useSnapshot(session);
  const input = useRef<HTMLInputElement>(null);
  const label = t('photo.send', { count: cost });

  const picked = (file: File | undefined) => {
    if (!file || !user) return;
    if (!file.type.startsWith('image/')) return showToast(t('photo.notAnImage'), 'danger');
    if (file.size > MAX_PHOTO_BYTES) return showToast(t('photo.tooLarge'), 'danger');
    void queuePhoto(db, user.id, member, file).then(() => void requestSync('send'));
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-light border rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 p-0 text-primary"
        style={{ width: 46, height: 46 }}
        aria-label={label}
        title={label}
        onClick={() => input.current?.click()}
      >
        <CameraIcon size={20} />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="d-none"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          picked(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
