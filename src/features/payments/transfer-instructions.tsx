import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TransferInstructions as Instructions } from '../../../contract/index.ts';

/** How long a copy button says "Copied", in ms. */
const COPIED_MS = 2000;

/** An IBAN in groups of 4 as banks print it ("NL13 TEST 0123 4567 89"); copied without the spaces. */
const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A bank-transfer payment left pending (docs/payments.md "Bank transfer"): what to transfer where, as the provider
 * gave it (beneficiary, IBAN, BIC, reference, amount), each with a copy button, and the note that the credits arrive
 * when the transfer is received. Shown instead of the spinner; the payment's page keeps asking and moves on when the
 * money arrived.
 */
export function TransferInstructions({ instructions }: { instructions: Instructions }) {
  const { t, i18n } = useTranslation('payments');
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const rows: [field: string, shown: string, copy: string][] = [
    ['amount', formatMoney(instructions.amount, instructions.currency, i18n.language), (instructions.amount / 100).toFixed(2)],
    ['beneficiary', instructions.beneficiary, instructions.beneficiary],
    ['iban', groupedIban(instructions.iban), instructions.iban],
    ['bic', instructions.bic, instructions.bic],
    ['reference', instructions.reference, instructions.reference],
  ];
  const copy = (field: string, text: string) =>
    navigator.clipboard?.writeText(text).then(
      () => setCopied(field),
      () => {},
    );

  return (
    <section className="payment-state py-2" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading" className="h4 fw-bold">
        {t('transfer.title')}
      </h2>
      <p>{t('transfer.lead')}</p>
      <dl className="card border-0 shadow-sm rounded-4 p-3 d-grid gap-3 mb-0">
        {rows
          .filter(([, shown]) => shown)
          .map(([field, shown, text]) => (
            <div key={field}>
              <dt className="small text-body-secondary fw-normal">{t(`transfer.${field}`)}</dt>
              <dd className="d-flex align-items-center justify-content-between gap-2 mb-0">
                <span className="fw-semibold text-break">{shown}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary flex-shrink-0"
                  aria-label={t('transfer.copy', { field: t(`transfer.${field}`) })}
                  onClick={() => void copy(field, text)}
                >
                  {copied === field ? t('transfer.copied') : t('transfer.copyShort')}
                </button>
              </dd>
            </div>
          ))}
      </dl>
      <p className="small text-body-secondary mt-3 mb-1">{t('transfer.referenceNote')}</p>
      <p className="small text-body-secondary">{t('transfer.arrival')}</p>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('transfer.copied') : ''}
      </span>
    </section>
  );
}
