import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { MailService } from '../services/mail.ts';
import type { ImageService } from '../services/images.ts';
import type { PushService } from '../services/push.ts';
import type { JobQueue } from '../services/jobs.ts';
import type { PaymentProvider } from '../services/payment-provider.ts';
import type { SmsService } from '../services/sms.ts';
import type { LiveHub } from '../services/live.ts';
import mediaRoutes from './media.ts';

const files = new Map([['AAAAAAAAAAAAAAAAAAAAAA.webp', Buffer.from('RIFF-webp-bytes')]]);
const images: ImageService = {
  read: async (file) => files.get(file) ?? null,
  storeUpload: async () => ({ key: 'k', blurKey: 'b' }),
  remove: async () => {},
};

async function app() {
  const a = Fastify();
  // The app's error mapping (app.ts) in small: ApiError -> its status and code.
  a.setErrorHandler((err, _req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    return reply.status(500).send({ error: { code: 'server_error' } });
  });
  const deps = {
    db: {} as Db,
    config: {} as Config,
    mail: {} as MailService,
    sms: {} as SmsService,
    images,
    push: {} as PushService,
    live: {} as LiveHub,
    jobs: {} as JobQueue,
    payments: { provider: {} as PaymentProvider, testKeys: null },
  } satisfies Deps;
  await a.register(mediaRoutes, deps);
  return a;
}

describe('GET /media/:file', () => {
  it('serves a known file as immutable webp', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/media/AAAAAAAAAAAAAAAAAAAAAA.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(files.get('AAAAAAAAAAAAAAAAAAAAAA.webp')!)).toBe(true);
  });

  it('answers 404 not_found for an unknown file', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/media/BBBBBBBBBBBBBBBBBBBBBB.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
