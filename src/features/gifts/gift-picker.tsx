// The gift picker dialog (spec 1: send gifts; the real-money price shown before sending), lazily loaded by
// SendGiftButton so neither the chat nor the profile screen carries it until a member opens it.
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { formatMoney, giftIds, giftPrice, messageCost, type GiftId } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { useOffer } from '../payments/use-offer.ts';
import { GiftImage } from './gift-image.tsx';

/**
 * Dialog "Send {name} a gift": one button per catalogue gift with its name, its cost in credits (messageCost: gift_credits)
 * and its money price at the smallest bundle of the member's payment country (said under the title), and the balance.
 * Without the bundles (offline) only the credits show. Picking a gift calls `onPick`; the caller sends it.
 */
export default function GiftPicker({
  show,
  name,
  onPick,
  onHide,
}: {
  show: boolean;
  name: string;
  onPick: (gift: GiftId) => void;
  onHide: () => void;
}) {
  const { t, i18n } = useTranslation('gifts');
  const id = useId();
  const { user, settings } = useSnapshot(session);
  const { offer } = useOffer();
  const credits = settings ? messageCost(settings, user?.profile.country, 'gift') : 0;
  const price = offer ? giftPrice(offer.bundles, credits) : null;
  const money = (amount: number) => formatMoney(amount, offer!.currency, i18n.language || 'en');

  return (
    <Modal show={show} onHide={onHide} centered scrollable aria-labelledby={id} contentClassName="rounded-4 border-0 shadow">
      <Modal.Header closeButton closeLabel={t('close')} className="border-0 pb-0">
        <Modal.Title id={id} as="h2" className="h5">
          {t('pickerTitle', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary mb-1">
          {price
            ? t('priceBasis', { count: credits, credits: price.basis.credits, amount: money(price.basis.amount) })
            : t('priceUnknown', { count: credits })}
        </p>
        {user && <p className="small fw-semibold mb-3">{t('balance', { count: user.credits })}</p>}
        <ul className="row row-cols-3 row-cols-sm-4 g-2 list-unstyled mb-0">
          {giftIds.map((gift) => (
            <li key={gift} className="col">
              <button
                type="button"
                className="btn btn-light border w-100 h-100 d-flex flex-column align-items-center gap-1 px-1 py-2 rounded-4"
                onClick={() => onPick(gift)}
              >
                <GiftImage gift={gift} size={56} />
                <span className="small fw-semibold lh-sm">{t(`names.${gift}`)}</span>
                <span className="small lh-sm">{t('credits', { count: credits })}</span>
                {price && <span className="small fw-semibold lh-sm">{t('price', { amount: money(price.amount) })}</span>}
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
