import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { StoredCardsResponse, type StoredCard } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { showToast } from '../../ui/toast-store.ts';
import { ConfirmModal } from '../member/confirm-modal.tsx';
import { STORED_CARDS_CALL } from './settings-calls.ts';

/** A card's expiry as printed on cards, month and 4-digit year ("03/2030"). */
const expiryText = (c: StoredCard) => `${String(c.expiry_month).padStart(2, '0')}/${c.expiry_year}`;

/** Whether a card expiring at the end of its month/year has expired by `now`. */
const expired = (c: StoredCard, now: Date) =>
  c.expiry_year !== null &&
  c.expiry_month !== null &&
  (c.expiry_year < now.getFullYear() || (c.expiry_year === now.getFullYear() && c.expiry_month < now.getMonth() + 1));

/**
 * Settings: the cards stored at checkouts for one-step repeat orders (GET /api/stored-cards.php, drawn by the server
 * render: a first call of /settings), each with its brand,
 * last 4 digits and expiry, and Remove behind a confirmation (POST /api/stored-card-remove.php: removed at the payment
 * provider first; an error keeps the card listed).
 */
export function StoredCards() {
  const { t } = useTranslation(['payments', 'errors']);
  const pick = (r: StoredCardsResponse): StoredCard[] => r.cards;
  const {
    value: cards,
    setValue: setCards,
    error,
    setError,
  } = useFirstAnswer(STORED_CARDS_CALL, StoredCardsResponse, pick, async () =>
    pick(await api(STORED_CARDS_CALL, StoredCardsResponse)),
  );
  const [asked, setAsked] = useState<StoredCard | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const name = (c: StoredCard) => t('cards.card', { brand: t(`methods.${c.method}`), last4: c.last4 });

  async function remove(card: StoredCard) {
    setAsked(null);
    setBusy(card.id);
    setError(null);
    try {
      const r = await api('/api/stored-card-remove.php', StoredCardsResponse, { method: 'POST', body: { id: card.id } });
      setCards(r.cards);
      showToast(t('cards.removed', { card: name(card) }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  }

  const now = new Date();
  return (
    <section aria-labelledby="cards-heading" aria-busy={cards === null}>
      <h2 id="cards-heading" className="h5 fw-bold mb-1">
        {t('cards.title')}
      </h2>
      <p className="text-body-secondary small">{t('cards.lead')}</p>
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      {cards?.length === 0 && <p className="mb-0">{t('cards.none')}</p>}
      {!!cards?.length && (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {cards.map((c) => (
            <li key={c.id} className="d-flex align-items-center gap-3">
              <span className="flex-grow-1">
                <span className="fw-semibold d-block">{name(c)}</span>
                {c.expiry_month !== null && (
                  <span className={`small ${expired(c, now) ? 'text-danger' : 'text-body-secondary'}`}>
                    {t(expired(c, now) ? 'cards.expired' : 'cards.expires', { date: expiryText(c) })}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('cards.removeCard', { card: name(c) })}
                disabled={busy === c.id}
                onClick={() => setAsked(c)}
              >
                {busy === c.id && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
                {t('cards.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        show={asked !== null}
        title={t('cards.confirmTitle')}
        body={asked ? t('cards.confirmText', { card: name(asked) }) : ''}
        confirmLabel={t('cards.confirm')}
        danger
        onConfirm={() => asked && void remove(asked)}
        onCancel={() => setAsked(null)}
      />
    </section>
  );
}
