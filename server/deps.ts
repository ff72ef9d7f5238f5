// What route plugins receive: the database, the configuration and the services (one object, built once in app.ts).
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { MailService } from './services/mail.ts';
import type { SmsService } from './services/sms.ts';
import type { ImageService } from './services/images.ts';
import type { PushService } from './services/push.ts';
import type { LiveHub } from './services/live.ts';
import type { JobQueue } from './services/jobs.ts';
import type { PaymentProvider } from './services/payment-provider.ts';

/** Dependencies handed to every route plugin as its options. */
export interface Deps {
  db: Db;
  config: Config;
  mail: MailService;
  /** Text messages (the direct-debit code); embedded: the dev SMS outbox. */
  sms: SmsService;
  images: ImageService;
  /** Web Push to members' devices (VAPID keys, subscriptions, sending). */
  push: PushService;
  /** Live fan-out of change-log notifications to open event streams (/api/events.php). */
  live: LiveHub;
  /** Durable background work (pushes, mails, purge), written in the transaction of the change that causes it. */
  jobs: JobQueue;
  /** The payment provider; `testKeys` set: the embedded test payment service, whose routes the app serves. */
  payments: { provider: PaymentProvider; testKeys: { apiKey: string; hmacKey: string } | null };
}
