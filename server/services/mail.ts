// Outgoing mail: kept in the database (dev mailbox) by default, sent over SMTP when SMTP_URL is set.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { mails } from '../db/schema.ts';

/**
 * A mail to send. `text` is the plain version; `html` the rich one. `headers`: extra header fields by name, e.g.
 * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058); sent over SMTP, not kept by the dev mailbox.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** A mail the dev mailbox kept (its `headers` are not stored). */
type KeptMail = Omit<OutgoingMail, 'headers'> & { id: number; createdAt: Date };

/**
 * Sends mail. `embedded` services keep mails readable at the dev mailbox (GET /api/dev-mailbox.php). Routes do not
 * send: they write mail jobs (server/services/jobs.ts), whose worker calls `send`.
 */
export interface MailService {
  readonly embedded: boolean;
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  /** Newest first, at most `limit` (embedded only; SMTP answers []). */
  list(limit: number): Promise<KeptMail[]>;
}

/** SMTP via nodemailer when `smtpUrl` is set (from address `mail_name <noreply@host>`), else the database mailbox. */
export async function createMailService(opts: { db: Db; smtpUrl: string | null; from: string }): Promise<MailService> {
  if (opts.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      embedded: false,
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      async list() {
        return [];
      },
    };
  }
  return {
    embedded: true,
    async send({ headers: _headers, ...mail }) {
      // The mails table has no header column: the dev mailbox shows subject and bodies only.
      await opts.db.insert(mails).values(mail);
    },
    list: (limit) => opts.db.select().from(mails).orderBy(desc(mails.id)).limit(limit),
  };
}
