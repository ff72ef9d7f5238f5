// Outgoing text messages (the direct-debit confirmation code). The embedded default keeps them in the database,
// readable at the dev SMS outbox (GET /api/dev-sms.php, /dev/sms) like the dev mailbox; a real SMS provider is
// another implementation of SmsService (docs/payments.md). Sent by the `sms` job, never inside a request.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { smsOutbox } from '../db/schema.ts';

/** A text message to send: `to` a mobile number as the member typed it, `text` at most a few hundred characters. */
export interface OutgoingSms {
  to: string;
  text: string;
}

/** Sends text messages. `embedded`: kept in the database for the dev SMS outbox. */
export interface SmsService {
  readonly embedded: boolean;
  /** Sends one message; rejects when the provider refuses it or cannot be reached (the job is retried). */
  send(sms: OutgoingSms): Promise<void>;
  /** Newest first, at most `limit` (embedded only). */
  list(limit: number): Promise<{ id: number; to: string; text: string; createdAt: Date }[]>;
}

/** The embedded SMS service: every message lands in the `sms_outbox` table. */
export function createSmsService(db: Db): SmsService {
  return {
    embedded: true,
    async send(sms) {
      await db.insert(smsOutbox).values(sms);
    },
    list: (limit) => db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit),
  };
}
