// The member's own photos (spec 1, 3, 9): GET list, POST upload (multipart), PUT order, DELETE one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { PhotoDeleteRequest, PhotoOrderRequest, type OwnPhotosResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { addPhoto, deletePhoto, ownPhotos, reorderPhotos } from '../domain/accounts/own-photos.ts';
import { ApiError } from '../errors.ts';
import { MAX_UPLOAD_BYTES } from '../services/images.ts';
import { parse } from '../validate.ts';

/**
 * The bytes of the one uploaded file. Throws ApiError 400 bad_request (fields.photo) when there is none or the
 * multipart body is broken (no boundary, cut short); the plugin's own limit errors (413) pass through.
 */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    const file = await req.file();
    if (file) return await file.toBuffer();
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode) throw e;
  }
  throw new ApiError(400, 'bad_request', {}, { photo: 'A photo file is required' });
}

export default async function photoRoutes(app: FastifyInstance, { db, images }: ServerContext): Promise<void> {
  // One file per request, no other parts; a larger file ends the upload with a 413 (error shape in app.ts).
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/photos.php', async (req): Promise<OwnPhotosResponse> => {
    return ownPhotos(db, await req.viewer.require());
  });

  app.post('/api/photos.php', async (req, reply): Promise<OwnPhotosResponse> => {
    const viewer = await req.viewer.require();
    if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type');
    const upload = await readUpload(req);
    // The type is judged by the decoded content (images.storeUpload), never by the name or the declared type.
    const keys = await images.storeUpload(upload);
    try {
      const answer = await addPhoto(db, viewer, keys);
      reply.status(201);
      return answer;
    } catch (e) {
      await images.remove([keys.key, keys.blurKey]);
      throw e;
    }
  });

  app.put('/api/photos.php', async (req): Promise<OwnPhotosResponse> => {
    const viewer = await req.viewer.require();
    const { order } = parse(PhotoOrderRequest, req.body);
    return reorderPhotos(db, viewer, order);
  });

  app.delete('/api/photos.php', async (req): Promise<OwnPhotosResponse> => {
    const viewer = await req.viewer.require();
    const { id } = parse(PhotoDeleteRequest, req.body);
    const { answer, keys } = await deletePhoto(db, viewer, id);
    await images.remove(keys);
    return answer;
  });
}
