// The mails of the account life (password reset, e-mail change, deletion) in the member's language: one layout,
// texts from locales/<lng>/mail.json, user content escaped.
import type { OutgoingMail } from '../../services/mail.ts';
import { serverText } from '../../texts.ts';
import { escapeHtml } from '../notifications/notice-mail.ts';

/**
 * A mail of `section` of mail.json (`<section>.subject`, `.body`, optional `.action` with `link`, optional `.ignore`),
 * greeting `name`. `values` fill the texts' {{placeholders}}. `extra`: more paragraphs after the body, already in
 * the mail's language (a moderation decision's statement of reasons).
 */
export function accountMail(opts: {
  to: string;
  language: string;
  section: string;
  name: string;
  values: Record<string, string>;
  link?: string;
  ignore?: boolean;
  extra?: string[];
}): OutgoingMail {
  const t = (key: string) => serverText(opts.language, 'mail', key, { name: opts.name, ...opts.values });
  const subject = t(`${opts.section}.subject`);
  const lines = [t(opts.name ? 'greeting' : 'greetingPlain'), t(`${opts.section}.body`), ...(opts.extra ?? [])];
  const action = opts.link ? t(`${opts.section}.action`) : null;
  const ignore = opts.ignore ? t(`${opts.section}.ignore`) : null;
  const e = escapeHtml;
  return {
    to: opts.to,
    subject,
    text: [...lines, ...(action ? [`${action}: ${opts.link}`] : []), ...(ignore ? [ignore] : [])].join('\n\n') + '\n',
    html:
      `<!doctype html><html lang="${e(opts.language)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>` +
      `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#212529">${lines.map((l) => `<p>${e(l)}</p>`).join('')}` +
      (action
        ? `<p><a href="${e(opts.link!)}" style="display:inline-block;padding:10px 18px;background:#d63384;color:#fff;text-decoration:none;border-radius:6px">${e(action)}</a></p>`
        : '') +
      (ignore ? `<p style="font-size:12px;color:#6c757d">${e(ignore)}</p>` : '') +
      `</body></html>`,
  };
}
