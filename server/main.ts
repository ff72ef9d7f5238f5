// Server entry: configuration, database and migrations, seed on first start, services, listen.
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
import { SEED_META_KEY, seedDemoMembers } from './seed/members.ts';
import { audienceOf } from '../contract/niches.ts';

import { allSites } from './domain/content/sites.ts';
import { startJobQueue, type JobLog } from './services/jobs.ts';
import { jobHandlers } from './job-handlers.ts';
import { paymentProviderFor } from './services/payment-provider.ts';
import { startPlannerStatistics } from './services/planner-statistics.ts';

/** Demo members seeded on each site after the first (the first gets SEED_MEMBERS). */
const NICHE_SITE_MEMBERS = 300;

const config = loadConfig();
const { db, client, close, listen, poolWaiting } = await openDatabase(config);
await seedSites(db);
const [site, ...nicheSites] = await allSites(db);
if (config.seedMembers > 0) {
  const started = Date.now();
  const created = await seedDemoMembers(db, { siteId: site.id, members: config.seedMembers });
  if (created) console.log(`seeded ${created} demo members in ${Date.now() - started} ms`);
  // Spec 1: every further site (one per niche) gets its own, smaller set of demo members, all of its niche's audience.
  for (const other of nicheSites) {
    const members = Math.min(config.seedMembers, NICHE_SITE_MEMBERS);
    await seedDemoMembers(db, {
      siteId: other.id,
      members,
      key: `${SEED_META_KEY}:${other.id}`,
      seed: 20_240_601 + other.id,
      withAccounts: false,
      audience: audienceOf(other.settings.niche),
    });
  }
}
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
