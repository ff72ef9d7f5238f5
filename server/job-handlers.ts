// What each background job does (server/services/jobs.ts): the handlers over the domain rules and the services.
import type { Services } from './context.ts';
import { purgeDeletedAccounts } from './domain/accounts/account-life.ts';
import { deliverNotice } from './domain/notifications/email-notices.ts';
import { sendRefund } from './domain/money/payments.ts';
import { pushLike, pushMessage } from './domain/notifications/push-notices.ts';
import type { JobHandlers } from './services/jobs.ts';

/** The handler of every job name; `log` gets what a scheduled job did. */
export function jobHandlers(
  {
    db,
    push,
    mail,
    sms,
    images,
    config,
    payments,
  }: Pick<Services, 'db' | 'push' | 'mail' | 'sms' | 'images' | 'config' | 'payments'>,
  log: (message: string, detail: Record<string, unknown>) => void,
): JobHandlers {
  return {
    'push-message': (data) => pushMessage({ db, push }, data),
    'push-like': (data) => pushLike({ db, push }, data),
    'mail-notice': (notice) => deliverNotice({ db, mail, config }, notice),
    mail: (message) => mail.send(message),
    sms: (message) => sms.send(message),
    refund: (data) => sendRefund(db, payments.provider, data),
    'purge-accounts': async () => {
      const count = await purgeDeletedAccounts(db, images);
      if (count) log('purged deleted accounts', { count });
    },
  };
}
