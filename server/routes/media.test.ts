import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { ImageService } from '../services/images.ts';
import mediaRoutes from './media.ts';

const files = new Map([['AAAAAAAAAAAAAAAAAAAAAA.webp', Buffer.from('RIFF-webp-bytes')]]);
const images: ImageService = {
  read: async (file) => files.get(file) ?? null,
  storeUpload: async () => ({ key: 'k', blurKey: 'b' }),
  remove: async () => {},
  check: async () => {},
};

async function app() {
  const a = Fastify();
  // The app's error mapping (app.ts) in small: ApiError -> its status and code.
  a.setErrorHandler((err, _req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    return reply.status(500).send({ error: { code: 'server_error' } });
  });
  // The route reads only the image service of the context.
  await a.register(mediaRoutes, { images } as ServerContext);
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
