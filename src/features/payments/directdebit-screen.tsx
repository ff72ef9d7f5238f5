import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { v7 } from 'uuid';
import { friendlyFormatIBAN } from 'ibantools';
import {
  DIRECT_DEBIT_CODES_LIMIT,
  formatMoney,
  DirectDebitRequest,
  IBAN_NOT_SEPA,
  type Bundle,
} from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useReveal } from '../../ui/use-reveal.ts';
import { session } from '../account/session-store.ts';
import { LoadError } from './load-error.tsx';
import { PaymentStatus } from './payment-status.tsx';
import { discountOn, useActiveDiscount } from '../offers/order-discount.ts';
import { confirmDirectDebit, fetchLastMandate, orderDirectDebit } from './payments-api.ts';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/** The form's text fields, in the order of spec 8, with their contract names. */
const FIELDS = [
  ['holder', 'holder', 'name'],
  ['iban', 'iban', 'off'],
  ['street', 'street', 'address-line1'],
  ['house_number', 'houseNumber', 'off'],
  ['postal_code', 'postalCode', 'postal-code'],
  ['city', 'city', 'address-level2'],
  ['phone', 'phone', 'tel'],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * /directdebit (spec 2, 4 "Direct-debit flow", 8): SEPA direct debit of bundle `?bundle=`: the mandate form
 * (authorisation checkbox, account holder, IBAN, street, house number, postal code, city, mobile number; prefilled
 * from the member's last confirmed mandate, the checkbox always unticked), then the code sent by SMS, then the
 * payment's state (`?payment=`) until the bank confirms it.
 */
export default function DirectDebitScreen() {
  const { t } = useTranslation('payments');
  usePageTitle(t('directdebit.title'));
  const search = new URLSearchParams(useSearch());
  const { offer, error, reload } = useOffer();
  const payment = search.get('payment');
  const bundle = offer?.bundles.find((b) => String(b.id) === search.get('bundle'));
  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{t('directdebit.title')}</h1>
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {payment ? (
        <PaymentStatus id={payment} sessionId={null} sessionResult={null} methods={offer?.methods ?? null} />
      ) : (
        offer &&
        (bundle ? (
          <DirectDebitOrder bundle={bundle} country={offer!.country} />
        ) : (
          <p>
            {t('directdebit.noBundle')} <Link href="/credits">{t('directdebit.chooseBundle')}</Link>
          </p>
        ))
      )}
    </div>
  );
}

function DirectDebitOrder({ bundle, country }: { bundle: Bundle; country: string }) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const discountCode = useActiveDiscount();
  const discount = discountOn(discountCode, bundle, country, 'sepadirectdebit');
  const { settings } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [id] = useState(() => v7());
  const [values, setValues] = useState<Record<Field, string>>({
    holder: '',
    iban: '',
    street: '',
    house_number: '',
    postal_code: '',
    city: '',
    phone: '',
  });
  const [mandate, setMandate] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  // A returning member finds the last confirmed mandate's details; fields typed meanwhile are kept.
  useEffect(() => {
    let live = true;
    fetchLastMandate().then(
      ({ mandate: last }) => {
        if (!live || !last) return;
        const found: Record<Field, string> = { ...last, iban: friendlyFormatIBAN(last.iban) ?? last.iban };
        setValues((v) => Object.fromEntries(FIELDS.map(([f]) => [f, v[f] || found[f]])) as Record<Field, string>);
        setPrefilled(true);
      },
      () => {}, // no prefill: the member types the mandate as on the first time
    );
    return () => {
      live = false;
    };
  }, []);
  const [fields, setFields] = useState<Partial<Record<Field | 'mandate' | 'code', string>>>({});
  const [hint, setHint] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const price = formatMoney(bundle.amount - discount, bundle.currency, i18n.language);

  /** The message of a field's problem (`reason`: the contract's or the server's message): required, or what is wrong. */
  const problem = (field: string, value: string, reason?: string) => {
    if (field === 'mandate') return t('directdebit.mandateRequired');
    if (!value.trim()) return t('directdebit.required');
    if (field === 'iban') return t(reason === IBAN_NOT_SEPA ? 'directdebit.ibanNotSepa' : 'directdebit.ibanInvalid');
    if (field === 'phone') return t('directdebit.phoneInvalid');
    return t('directdebit.required');
  };

  async function order(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = DirectDebitRequest.safeParse({
      id,
      bundle: bundle.id,
      mandate,
      ...values,
      discount_code: discount > 0 ? discountCode?.code : undefined,
    });
    if (!parsed.success) {
      const found: typeof fields = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field as Field] ??= problem(field, field === 'mandate' ? '' : (values[field as Field] ?? ''), issue.message);
      }
      setFields(found);
      return;
    }
    setFields({});
    setBusy(true);
    setError(null);
    try {
      setHint((await orderDirectDebit(parsed.data)).phone_hint);
    } catch (e) {
      // The server's field findings (a number that is no mobile) go under their fields, like the form's own.
      const serverFields = e instanceof ApiCallError && e.code === 'bad_request' ? (e.fields ?? {}) : {};
      const known = FIELDS.map(([f]) => f).filter((f) => serverFields[f]);
      if (known.length)
        setFields(Object.fromEntries(known.map((f) => [f, problem(f, values[f], serverFields[f])])) as typeof fields);
      else setError(e);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await confirmDirectDebit(id, code);
      navigate(`/directdebit?payment=${id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiCallError && e.code === 'code_invalid') setFields({ code: errorText(e, { t }) });
      else setError(e);
      setBusy(false);
    }
  }

  const codeHeading = useReveal<HTMLHeadingElement>(hint !== null);

  const codesLimit =
    error instanceof ApiCallError && error.code === 'direct_debit_limit' && error.params.limit === DIRECT_DEBIT_CODES_LIMIT;
  const alert = error != null && (
    <div className="alert alert-danger" role="alert">
      {codesLimit ? t('directdebit.codesLimit') : errorText(error, { t })}
    </div>
  );

  if (hint) {
    return (
      <Form noValidate onSubmit={(e) => void confirm(e)} aria-labelledby="code-heading">
        <h2 id="code-heading" ref={codeHeading} tabIndex={-1} className="h5 fw-bold">
          {t('directdebit.codeTitle')}
        </h2>
        <p>{t('directdebit.codeLead', { hint })}</p>
        {alert}
        <Form.Group className="mb-3" controlId="dd-code">
          <Form.Label>{t('directdebit.code')}</Form.Label>
          <Form.Control
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            isInvalid={!!fields.code}
            aria-invalid={fields.code ? true : undefined}
            aria-describedby={fields.code ? 'dd-code-error' : undefined}
          />
          <Form.Control.Feedback id="dd-code-error" type="invalid">
            {fields.code}
          </Form.Control.Feedback>
        </Form.Group>
        <button type="submit" className="btn btn-primary btn-lg rounded-pill w-100" disabled={busy}>
          {t('directdebit.confirm')}
        </button>
      </Form>
    );
  }

  return (
    <Form noValidate onSubmit={(e) => void order(e)}>
      <p>{t('directdebit.lead', { credits: t('bundle.credits', { count: bundle.credits }), price })}</p>
      {prefilled && <p className="text-body-secondary">{t('directdebit.prefilled')}</p>}
      {alert}
      {FIELDS.map(([field, label, autoComplete]) => (
        <Form.Group key={field} className="mb-3" controlId={`dd-${field}`}>
          <Form.Label>{t(`directdebit.${label}`)}</Form.Label>
          <Form.Control
            value={values[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            autoComplete={autoComplete}
            type={field === 'phone' ? 'tel' : 'text'}
            isInvalid={!!fields[field]}
            aria-invalid={fields[field] ? true : undefined}
            aria-describedby={
              [field === 'phone' ? 'dd-phone-help' : '', fields[field] ? `dd-${field}-error` : ''].filter(Boolean).join(' ') ||
              undefined
            }
          />
          {field === 'phone' && <Form.Text id="dd-phone-help">{t('directdebit.phoneHelp')}</Form.Text>}
          <Form.Control.Feedback id={`dd-${field}-error`} type="invalid">
            {fields[field]}
          </Form.Control.Feedback>
        </Form.Group>
      ))}
      <Form.Group className="mb-3" controlId="dd-mandate">
        <Form.Check
          type="checkbox"
          checked={mandate}
          onChange={(e) => setMandate(e.target.checked)}
          label={t('directdebit.mandate', { site: settings?.name ?? '', price })}
          isInvalid={!!fields.mandate}
          feedback={fields.mandate}
          feedbackType="invalid"
        />
      </Form.Group>
      <button type="submit" className="btn btn-primary btn-lg rounded-pill w-100" disabled={busy}>
        {t('directdebit.continue')}
      </button>
    </Form>
  );
}
