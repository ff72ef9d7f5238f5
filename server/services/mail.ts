// Outgoing mail: kept in the database (dev mailbox) by default, sent over SMTP when SMTP_URL is set.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { mails } from '../db/schema.ts';
import { createDeferredTasks, type DeferredTasks } from './deferred-tasks.ts';

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
export type KeptMail = Omit<OutgoingMail, 'headers'> & { id: number; createdAt: Date };

/**
 * Sends mail. `embedded` services keep mails readable at the dev mailbox (GET /api/dev-mailbox.php).
 * `defer`/`idle` run sends after the response (notification mails), tracked so shutdown waits for them.
 */
export interface MailService extends DeferredTasks {
  readonly embedded: boolean;
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  /** Newest first, at most `limit` (embedded only; SMTP answers []). */
  list(limit: number): Promise<KeptMail[]>;
}

/** Where a failed deferred send is reported (default console.warn). */
export type MailLog = (message: string, detail: Record<string, unknown>) => void;

/** SMTP via nodemailer when `smtpUrl` is set (from address `mail_name <noreply@host>`), else the database mailbox. */
export async function createMailService(opts: { db: Db; smtpUrl: string | null; from: string; log?: MailLog }): Promise<MailService> {
  const tasks = createDeferredTasks('mail task failed', opts.log ?? ((message, detail) => console.warn(message, detail)));
  if (opts.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      ...tasks,
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
    ...tasks,
    embedded: true,
    async send({ headers: _headers, ...mail }) {
      // The mails table has no header column: the dev mailbox shows subject and bodies only.
      await opts.db.insert(mails).values(mail);
    },
    list: (limit) => opts.db.select().from(mails).orderBy(desc(mails.id)).limit(limit),
  };
}
