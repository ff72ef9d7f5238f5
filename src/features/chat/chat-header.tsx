import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '../../../contract/index.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { BackIcon } from '../members/icons.tsx';
import { OnlineDot } from '../members/member-card.tsx';
import { Avatar } from './avatar.tsx';

/**
 * Top bar of a conversation: back to /chats, the member's thumb and name (links to the profile), online dot,
 * fictional icon, and Report (opens /complaints about the member). Without `member` it shows a placeholder, or nothing when `hideMember` (blocked: spec 6).
 */
export function ChatHeader({
  profileId,
  member,
  hideMember = false,
}: {
  profileId: number;
  member: MemberCard | undefined;
  hideMember?: boolean;
}) {
  const { t } = useTranslation('chat');
  return (
    <header className="bg-white border-bottom shadow-sm flex-shrink-0">
      <div className="container d-flex align-items-center gap-2 py-2" style={{ maxWidth: 820 }}>
        <Link href="/chats" className="btn btn-link text-body p-2 lh-1" aria-label={t('backToChats')}>
          <BackIcon size={20} />
        </Link>
        {hideMember ? null : member ? (
          <>
            <Link
              href={`/members/${profileId}`}
              className="d-flex align-items-center gap-2 text-body text-decoration-none"
              style={{ minWidth: 0 }}
            >
              <Avatar member={member} size={40} />
              <span style={{ minWidth: 0 }}>
                <span className="d-flex align-items-center gap-2 fw-semibold text-truncate" translate="no">
                  {member.name}
                  {member.online && <OnlineDot />}
                </span>
                <span className="d-block small text-body-secondary text-truncate">
                  {member.online ? (
                    t('online')
                  ) : (
                    <span translate="no">{[member.age, member.city].filter(Boolean).join(' · ')}</span>
                  )}
                </span>
              </span>
            </Link>
            {member.fictional && <FictionalBadge size={20} className="ms-1" />}
            <Link
              href={`/complaints?member=${profileId}`}
              className="btn btn-link btn-sm text-body-secondary text-decoration-none ms-auto"
            >
              {t('report')}
            </Link>
          </>
        ) : (
          <span className="placeholder-glow d-flex align-items-center gap-2 flex-grow-1" aria-hidden="true">
            <span className="placeholder rounded-circle" style={{ width: 40, height: 40 }} />
            <span className="placeholder col-4 rounded" />
          </span>
        )}
      </div>
    </header>
  );
}
