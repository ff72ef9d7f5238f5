import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '../../data/db.ts';
import { LockIcon } from '../members/icons.tsx';

/** An object URL for `blob` while mounted (revoked after), or null without a blob. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The photo of a photo message (spec 3 photo_credits): the server's copy as this member may see it; for a free
 * recipient the blurred copy with the lock and the way to premium (spec 1, 6); for an own photo not yet stored the
 * picked file itself. Opens the full photo in a new tab when it is not locked.
 */
export function ChatPhoto({ message, mine, memberName }: { message: MessageRow; mine: boolean; memberName: string }) {
  const { t } = useTranslation('chat');
  const local = useObjectUrl(message.photo ? undefined : message.localPhoto);
  const photo = message.photo;
  const alt = mine
    ? t('photo.altMine')
    : photo?.locked
      ? t('photo.lockedAlt', { name: memberName })
      : t('photo.alt', { name: memberName });
  const src = photo?.thumb_url ?? local;
  if (!src) return null;
  const img = (
    <img
      src={src}
      alt={alt}
      width={240}
      height={320}
      className="d-block rounded-3 object-fit-cover bg-body-secondary"
      style={{ width: 180, height: 240 }}
    />
  );
  if (photo?.locked) {
    return (
      <span className="position-relative d-block rounded-3 overflow-hidden">
        {img}
        <span
          className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center gap-2 text-center p-2"
          style={{ background: 'rgba(0,0,0,.35)' }}
        >
          <span className="rounded-circle bg-white text-dark d-inline-flex p-2 shadow">
            <LockIcon size={20} />
          </span>
          <Link href="/premium" className="btn btn-sm btn-primary rounded-pill">
            {t('photo.locked')}
          </Link>
        </span>
      </span>
    );
  }
  return photo ? (
    <a href={photo.url} target="_blank" rel="noopener" className="d-block">
      {img}
    </a>
  ) : (
    img
  );
}
