import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { ConversationRow } from '../../data/db.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { CountBadge } from '../../ui/count-badge.tsx';
import { TrashIcon } from '../members/icons.tsx';
import { useHydrated } from '../../app/hydrated.tsx';
import { Avatar } from './avatar.tsx';
import { formatListTime } from './chat-time.ts';

/**
 * One chat list row: avatar, name (the link's name starts with it), last message preview (a gift by its name, a photo
 * as "Photo"), time, unread badge, fictional icon, and a "Delete" button beside the link. The time's text is in the
 * reader's time zone, which the server does not know: a server-rendered row gets it after hydration.
 */
export function ChatListItem({ chat, meId, onDelete }: { chat: ConversationRow; meId: number; onDelete: () => void }) {
  const { t, i18n } = useTranslation(['chat', 'gifts']);
  const hydrated = useHydrated();
  const { profile, lastMessage: last, unread } = chat;
  const when = last?.createdAt ?? chat.lastMessageAt;
  const mine = last?.senderId === meId;
  const gift = last?.gift ? t(`gifts:names.${last.gift}`) : null;
  const preview = !last
    ? t('list.noMessages')
    : gift
      ? t(mine ? 'gifts:previewYou' : 'gifts:preview', { gift })
      : last.photo
        ? t(mine ? 'list.photoYou' : 'list.photo')
        : mine
          ? t('list.you', { text: last.text })
          : last.text;
  return (
    <li className="list-group-item bg-white d-flex align-items-center gap-1 px-2 py-0">
      <Link
        href={`/chats/${profile.id}`}
        className="d-flex align-items-center gap-3 flex-grow-1 py-2 px-1 text-body text-decoration-none"
        style={{ minWidth: 0 }}
      >
        <Avatar member={profile} size={52} />
        <span className="flex-grow-1" style={{ minWidth: 0 }}>
          <span className="d-flex align-items-center gap-2">
            <span className={`text-truncate ${unread ? 'fw-bold' : 'fw-semibold'}`} translate="no">
              {profile.name}
            </span>
            {profile.fictional && <FictionalBadge size={16} />}
            {when && (
              <time
                dateTime={when}
                className={`ms-auto small flex-shrink-0 ${unread ? 'text-primary fw-semibold' : 'text-body-secondary'}`}
              >
                {hydrated && formatListTime(when, i18n.language || 'en')}
              </time>
            )}
          </span>
          <span className="d-flex align-items-center gap-2">
            <span className={`text-truncate small ${unread ? 'text-body fw-semibold' : 'text-body-secondary'}`}>{preview}</span>
            <CountBadge count={unread} label={t('list.unread', { count: unread })} className="ms-auto flex-shrink-0" />
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn btn-link text-body-secondary p-2 flex-shrink-0"
        aria-label={t('delete')}
        title={t('list.deleteTitle', { name: profile.name })}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
