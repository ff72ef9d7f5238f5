// The receipt mails of a purchase and of a refund (docs/payments.md "Invoices and receipts"), in the member's
// language: texts from locales/<lng>/mail.json `receipt`, amounts formatted by Intl, the member's name escaped.
import { formatMoney, type InvoiceKind } from '../../../contract/index.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { serverText } from '../../texts.ts';
import { escapeHtml } from '../notifications/notice-mail.ts';

/** `percent` (e.g. 25.5) as a percentage of language `lng` ("25,5 %" in German). */
export function formatPercent(percent: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/**
 * The receipt of invoice (a purchase) or credit note (a refund) `r.number` to `r.to` in `r.language`: the credits
 * bought or taken back, the amount (minor units of `r.currency`) with its VAT at `r.vatPercent`, the method, and a
 * button to `r.link` (the transaction's page). Text and HTML bodies.
 */
export function receiptMail(r: {
  kind: InvoiceKind;
  to: string;
  language: string;
  name: string;
  siteName: string;
  number: string;
  credits: number;
  gross: number;
  vat: number;
  vatPercent: number;
  currency: string;
  method: string;
  link: string;
}): OutgoingMail {
  const lng = r.language;
  const section = r.kind === 'invoice' ? 'receipt.invoice' : 'receipt.creditNote';
  const t = (key: string, values: Record<string, string> = {}) =>
    serverText(lng, 'mail', key, { site: r.siteName, name: r.name, number: r.number, ...values });
  const money = (amount: number) => formatMoney(amount, r.currency, lng);
  const subject = t(`${section}.subject`);
  const lines = [t(r.name ? 'greeting' : 'greetingPlain'), t(`${section}.body`)];
  const rows: [string, string][] = [
    [t(`${section}.number`), r.number],
    [t(`${section}.credits`), new Intl.NumberFormat(lng).format(r.credits)],
    [t(`${section}.amount`), money(r.gross)],
    [t('receipt.vat', { rate: formatPercent(r.vatPercent, lng) }), money(r.vat)],
    [t('receipt.method'), serverText(lng, 'payments', `methods.${r.method}`)],
  ];
  const action = t('receipt.action');
  const e = escapeHtml;
  return {
    to: r.to,
    subject,
    text: [...lines, rows.map(([k, v]) => `${k}: ${v}`).join('\n'), `${action}: ${r.link}`].join('\n\n') + '\n',
    html:
      `<!doctype html><html lang="${e(lng)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>` +
      `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#212529">` +
      lines.map((l) => `<p>${e(l)}</p>`).join('') +
      `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">` +
      rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#6c757d">${e(k)}</td><td style="padding:2px 0">${e(v)}</td></tr>`,
        )
        .join('') +
      `</table>` +
      `<p><a href="${e(r.link)}" style="display:inline-block;padding:10px 18px;background:#d63384;color:#fff;text-decoration:none;border-radius:6px">${e(action)}</a></p>` +
      `</body></html>`,
  };
}
