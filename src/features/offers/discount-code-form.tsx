import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatMoney, type CreditsResponse, type DiscountCode } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { fetchDiscountCode } from './offers-api.ts';
import { offerTime } from './offer-time.ts';
import { activeDiscount, offers, serverNow, setEnteredCode } from './offer-store.ts';
import { discountOn } from './order-discount.ts';
import { countdownOf } from './countdown.ts';

/**
 * The discount on /credits (spec 3 "Discount code", 5): the active one (a typed code, else the time bonus, else the
 * welcome discount) with its end, and a field to type a code, checked by the server ("Code not found", "Code already
 * used"). Says so when the code fits none of the bundles, with its minimum order value and methods.
 */
export function DiscountCodeForm({ offer }: { offer: CreditsResponse }) {
  const { t, i18n } = useTranslation(['offers', 'payments', 'errors']);
  const id = useId();
  const snap = useSnapshot(offers);
  const { entered, timeBonus, countdownTimer, welcome, welcomeLeft } = snap;
  // A snapshot is deeply readonly; nothing here writes to it.
  const active = activeDiscount(snap) as DiscountCode | null;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('code.required'));
    setBusy(true);
    setError(null);
    try {
      setEnteredCode((await fetchDiscountCode({ code: code.trim() })).discount_code);
      setCode('');
    } catch (err) {
      setError(errorText(err, { t }));
    } finally {
      setBusy(false);
    }
  };
  const fitsSome = active !== null && offer.bundles.some((b) => discountOn(active, b, offer.country) > 0);
  // The time left as the store's tick has it (a server-rendered page's first render: at its answer's time); a typed
  // code's, which no tick keeps, from the clock.
  const left = !active?.expires
    ? null
    : active === entered
      ? countdownOf(Date.parse(active.expires) - serverNow())
      : active === timeBonus
        ? countdownTimer
        : active === welcome
          ? welcomeLeft
          : null;
  return (
    <section className="discount-code card border-0 shadow-sm rounded-4 p-3 mb-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h6 fw-bold mb-2">
        {t('code.label')}
      </h2>
      {active && (
        <div className={`alert ${fitsSome ? 'alert-success' : 'alert-warning'} py-2 mb-2`} role="status">
          <p className="mb-0 fw-semibold">
            {left
              ? t('code.activeUntil', { code: active.code, percent: active.value_percentage, time: offerTime(t, left) })
              : t('code.active', { code: active.code, percent: active.value_percentage })}
          </p>
          {!fitsSome && <p className="mb-0">{t('code.fitsNone')}</p>}
          {active.minimum_order_value > 0 && active.currency && (
            <p className="mb-0 small">
              {t('code.minimum', { amount: formatMoney(active.minimum_order_value, active.currency, i18n.language) })}
            </p>
          )}
          {active.paymentmethods && (
            <p className="mb-0 small">
              {t('code.methods', { methods: active.paymentmethods.map((m) => t(`payments:methods.${m}`)).join(', ') })}
            </p>
          )}
          {entered && (
            <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setEnteredCode(null)}>
              {t('code.remove')}
            </button>
          )}
        </div>
      )}
      <form className="d-flex gap-2 align-items-start" onSubmit={(e) => void apply(e)} noValidate>
        <div className="flex-grow-1">
          <label htmlFor={`${id}-code`} className="visually-hidden">
            {t('code.label')}
          </label>
          <input
            id={`${id}-code`}
            className={`form-control ${error ? 'is-invalid' : ''}`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            placeholder={t('code.label')}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <div id={`${id}-error`} className="invalid-feedback" role="alert">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={busy}>
          {busy ? t('code.applying') : t('code.apply')}
        </button>
      </form>
    </section>
  );
}
