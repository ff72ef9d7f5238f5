import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { BlocksResponse, type MemberCard } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { unblockMember } from '../member/member-actions.ts';
import { BLOCKS_CALL } from './settings-calls.ts';

/**
 * Settings: the members the member blocked (GET /api/blocks.php, drawn by the server render: a first call of
 * /settings), each with Unblock (spec 6).
 */
export function BlockedMembers() {
  const { t } = useTranslation(['account', 'errors']);
  const db = useMemberDb();
  const pick = (r: BlocksResponse): MemberCard[] => r.profiles;
  const {
    value: list,
    setValue: setList,
    error,
    setError,
  } = useFirstAnswer(BLOCKS_CALL, BlocksResponse, pick, async () => pick(await api(BLOCKS_CALL, BlocksResponse)));
  const [busy, setBusy] = useState<number | null>(null);

  async function unblock(id: number) {
    setBusy(id);
    setError(null);
    try {
      await unblockMember(db, id);
      setList((l) => l?.filter((m) => m.id !== id) ?? null);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="blocked-heading" aria-busy={list === null}>
      <h2 id="blocked-heading" className="h5 fw-bold mb-1">
        {t('blocked.title')}
      </h2>
      <p className="text-body-secondary small">{t('blocked.lead')}</p>
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      {list?.length === 0 && <p className="mb-0">{t('blocked.none')}</p>}
      {!!list?.length && (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {list.map((m) => (
            <li key={m.id} className="d-flex align-items-center gap-3">
              {m.photo ? (
                <img src={m.photo.thumb_url} alt="" width={40} height={53} className="rounded object-fit-cover" />
              ) : (
                <span className="avatar-initial" aria-hidden="true">
                  {m.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <Link href={`/members/${m.id}`} className="flex-grow-1 fw-semibold">
                {t('blocked.member', { name: m.name, age: m.age })}
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy === m.id}
                onClick={() => void unblock(m.id)}
              >
                {t('blocked.unblock', { name: m.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
