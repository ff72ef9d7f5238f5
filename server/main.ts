// Server entry: configuration, database and migrations, seed on first start, services, listen.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { buildApp } from './app.ts';
import { loggerOptions, masked } from './log-privacy.ts';
import { createMailService } from './services/mail.ts';
import { createSmsService } from './services/sms.ts';
import { createImageService } from './services/images.ts';
import { openMediaStore } from './services/media-store.ts';
import { createPushService, loadVapidKeys, vapidSubject } from './services/push.ts';
import { createLiveHub } from './services/live.ts';
import { seedSites } from './seed/site.ts';
import { seedDemoSites } from './seed/first-start.ts';

import { allSites } from './domain/content/sites.ts';
import { startJobQueue, type JobLog } from './services/jobs.ts';
import { jobHandlers } from './job-handlers.ts';
import { paymentProviderFor } from './services/payment-provider.ts';
import { startPlannerStatistics } from './services/planner-statistics.ts';

const config = loadConfig();
// Production mode (`npm run serve`) serves a build made earlier; without one it would be an API with no site.
const built = ['index.html', '.ssr/ssr-entry.js'].every((file) => existsSync(path.join(config.distDir, file)));
if (process.env.NODE_ENV === 'production' && !built) {
  console.error(`No build at ${config.distDir} (DIST_DIR): run \`npm run build\` first, then \`npm run serve\`.`);
  process.exit(1);
}
const { db, client, close, listen, poolWaiting } = await openDatabase(config);
await seedSites(db);
const [site, ...nicheSites] = await allSites(db);
const started = Date.now();
const seeded = await seedDemoSites(db, [site, ...nicheSites], config.seedMembers);
if (seeded) console.log(`seeded ${seeded} demo members in ${Date.now() - started} ms`);
const mail = await createMailService({
  db,
  smtpUrl: config.smtpUrl,
  from: `${site.settings.mail_name} <noreply@${new URL(config.publicUrl).hostname}>`,
});
const sms = createSmsService(db);
// The photo storage is checked before listening: a wrong S3_URL stops the start with a readable error.
const mediaStore = openMediaStore(config);
await mediaStore.check();
const images = createImageService({ store: mediaStore, db });
const push = createPushService({
  db,
  keys: await loadVapidKeys(db),
  subject: vapidSubject(config.publicUrl, site.settings.support_email, config.vapidSubject),
});
const live = await createLiveHub(listen);
// A dead letter's line holds the job's data (a mail's recipient): masked like the app's log.
const log: JobLog = (message, detail, level = 'warn') => console[level](message, masked(detail));
const payments = await paymentProviderFor(config, db);
const jobs = await startJobQueue({
  client,
  listen,
  handlers: config.jobWorkers ? jobHandlers({ db, config, mail, sms, images, push, payments }, log) : null,
  log,
});
const app = await buildApp(
  { db, config, mail, sms, images, push, live, jobs, payments, poolWaiting },
  { logger: loggerOptions(process.env.LOG_LEVEL ?? 'info') },
);
const stopAnalyze = startPlannerStatistics(db, config.databaseUrl === null, (message, detail) => app.log.warn(detail, message));
app.addHook('onClose', async () => stopAnalyze());

// The graceful drain (docs/observability.md): closing the app turns /readyz 503, tells the live streams to reconnect,
// stops accepting and lets running requests and jobs finish; a drain that hangs is cut off at DRAIN_TIMEOUT_MS.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`shutdown: not drained within ${config.drainTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.drainTimeoutMs).unref();
    app
      .close()
      .then(() => live.close())
      .then(close)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('shutdown failed:', err);
          process.exit(1);
        },
      );
  });
}
await app.listen({ port: config.port, host: config.host });
console.log(`listening on ${config.publicUrl}`);
