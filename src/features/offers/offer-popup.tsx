import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { TIME_BONUS_DURATION_SECONDS, TIME_BONUS_POPUP_DELAY_SECONDS } from '../../../contract/index.ts';
import { usePromptTurn } from '../../app/prompts.ts';
import { inMembersArea } from '../../app/routes.ts';
import { dismissedAt, storeDismissal } from '../../ui/dismissal.ts';
import { session } from '../account/session-store.ts';
import { offerTime } from './offer-time.ts';
import { offers } from './offer-store.ts';

/** Spec 2: where closing the time-bonus popup is remembered (with its timestamp). */
const TIME_BONUS_MODAL_KEY = 'hide-time-bonus-modal';
/** Where closing the welcome-bonus modal is remembered (with its timestamp). */
const WELCOME_MODAL_KEY = 'hide-welcome-bonus-modal';

/**
 * The time-bonus popup (spec 4): TIME_BONUS_POPUP_DELAY_SECONDS after the member enters the members area, when the
 * balance is 0, the bonus is visible and the popup was never closed; leaving the area cancels it, closing it is
 * remembered. Without a time bonus the welcome-bonus modal takes its place under the same rule. Both link to /credits.
 * It shows when its turn among the prompts comes (src/app/prompts.ts).
 */
export function OfferPopup() {
  const { t, ready } = useTranslation('offers', { useSuspense: false });
  const { user } = useSnapshot(session);
  const { timeBonus, isVisible, countdownTimer, welcome, welcomeLeft } = useSnapshot(offers);
  const [location] = useLocation();
  const [dismissed, setDismissed] = useState(() => ({
    bonus: dismissedAt(TIME_BONUS_MODAL_KEY) !== null,
    welcome: dismissedAt(WELCOME_MODAL_KEY) !== null,
  }));
  const [due, setDue] = useState(false);
  const kind =
    isVisible && timeBonus && !dismissed.bonus ? 'bonus' : !isVisible && welcome && !dismissed.welcome ? 'welcome' : null;
  const waiting = !!user && user.credits === 0 && kind !== null && inMembersArea(location);
  useEffect(() => {
    if (!waiting) {
      setDue(false);
      return;
    }
    const id = setTimeout(() => setDue(true), TIME_BONUS_POPUP_DELAY_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [waiting]);
  const turn = usePromptTurn('offer-popup', due && waiting && kind !== null);
  if (!ready || !turn || kind === null) return null;
  const close = () => {
    storeDismissal(kind === 'bonus' ? TIME_BONUS_MODAL_KEY : WELCOME_MODAL_KEY);
    setDismissed((d) => ({ ...d, [kind]: true }));
  };
  const code = kind === 'bonus' ? timeBonus! : welcome!;
  const percent = code.value_percentage;
  const left = kind === 'bonus' ? countdownTimer : welcomeLeft;
  const ns = kind === 'bonus' ? 'timeBonus' : 'welcome';
  const text =
    kind === 'bonus'
      ? t('timeBonus.text', { percent, hours: TIME_BONUS_DURATION_SECONDS / 3600, time: left ? offerTime(t, left) : '' })
      : left
        ? t('welcome.text', { percent, time: offerTime(t, left) })
        : t('welcome.textNoEnd', { percent });
  return (
    <Modal
      show
      onHide={close}
      centered
      aria-labelledby="offer-popup-title"
      contentClassName="rounded-4 border-0 shadow offer-popup"
    >
      <Modal.Header closeButton closeLabel={t(`${ns}.close`)} className="border-0 pb-0">
        <Modal.Title id="offer-popup-title" as="h2" className="h4 fw-bold">
          {t(`${ns}.title`, { percent })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{text}</p>
        {left && (
          <p className="offer-popup-clock" aria-hidden="true">
            {offerTime(t, left)}
          </p>
        )}
        <div className="d-grid gap-2">
          <Link href="/credits" className="btn btn-primary btn-lg rounded-pill" onClick={close}>
            {t(`${ns}.cta`, { percent })}
          </Link>
          <button type="button" className="btn btn-link" onClick={close}>
            {t(`${ns}.later`)}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
