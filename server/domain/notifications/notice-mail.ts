// The notification mail itself (subject, plain text, HTML, List-Unsubscribe headers) in the recipient's language,
// apart from the rules of who gets one (email-notices.ts) so the text can be checked without a database.
import type { EmailKind } from '../../../contract/index.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { serverText } from '../../texts.ts';

/** What a notification mail says and where its links go. */
export interface NoticeMailInput {
  kind: EmailKind;
  /** The texts' section of mail.json when not `kind`'s own: `gift` for a gift message (kind message). */
  template?: 'gift';
  /** The recipient's language (locales/<lng>/mail.json, English per missing key). */
  language: string;
  /** Recipient's address, shown in the footer. */
  to: string;
  recipientName: string;
  /** The member who sent the message or the like: user content, escaped in the HTML. */
  senderName: string;
  siteName: string;
  /** The site's origin without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** Path the mail's button opens: `/chats/<sender id>` for a message, `/likes` for a like or match. */
  openPath: string;
  /** The signed one-click unsubscribe token of this member and kind (unsubscribe-tokens.ts). */
  unsubscribeToken: string;
}

/** `s` with &, <, >, " and ' as character references, for HTML text and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `s` on one line: control characters (a newline in a name) become spaces, so a subject can't break its header. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find.
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The mail of one notification: subject and texts from `mail.json` (`<template or kind>.subject|body|action`, `greeting`,
 * `footer.*`), a link to open `openPath`, a link to /notifications, and the headers `List-Unsubscribe:
 * <PUBLIC_URL/api/unsubscribe.php?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). Names
 * are escaped in the HTML. The message text itself is never mailed: mail previews are seen by others (discretion).
 */
export function noticeMail(input: NoticeMailInput): OutgoingMail {
  const { language: lng, publicUrl } = input;
  const kind = input.template ?? input.kind;
  const t = (key: string, values: Record<string, string> = {}) => serverText(lng, 'mail', key, values);
  const name = oneLine(input.senderName);
  const vars = { name, site: input.siteName, address: input.to };
  const subject = oneLine(t(`${kind}.subject`, vars));
  const greeting = t('greeting', { name: oneLine(input.recipientName) });
  const body = t(`${kind}.body`, vars);
  const action = t(`${kind}.action`, vars);
  const why = t('footer.why', vars);
  const settings = t('footer.settings');
  const openUrl = `${publicUrl}${input.openPath}`;
  const settingsUrl = `${publicUrl}/notifications`;
  const unsubscribeUrl = `${publicUrl}/api/unsubscribe.php?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const text = `${greeting}\n\n${body}\n\n${action}: ${openUrl}\n\n-- \n${why}\n${settings}: ${settingsUrl}\n`;
  const e = escapeHtml;
  const html =
    `<!doctype html><html lang="${e(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#212529">` +
    `<p>${e(greeting)}</p><p>${e(body)}</p>` +
    `<p><a href="${e(openUrl)}" style="display:inline-block;padding:10px 18px;background:#d63384;color:#fff;text-decoration:none;border-radius:6px">${e(action)}</a></p>` +
    `<hr style="border:0;border-top:1px solid #dee2e6"><p style="font-size:12px;color:#6c757d">${e(why)}<br><a href="${e(settingsUrl)}">${e(settings)}</a></p>` +
    `</body></html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
