// Outgoing mail: kept in the database (dev mailbox) by default, sent over SMTP when SMTP_URL is set.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { mails } from '../db/schema.ts';

/** A mail to send. `text` is the plain version; `html` the rich one. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. `embedded` services keep mails readable at the dev mailbox (GET /api/dev-mailbox.php). */
export interface MailService {
  readonly embedded: boolean;
  send(mail: OutgoingMail): Promise<void>;
  /** Newest first, at most `limit` (embedded only; SMTP answers []). */
  list(limit: number): Promise<(OutgoingMail & { id: number; createdAt: Date })[]>;
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
    async send(mail) {
      await opts.db.insert(mails).values(mail);
    },
    list: (limit) => opts.db.select().from(mails).orderBy(desc(mails.id)).limit(limit),
  };
}
