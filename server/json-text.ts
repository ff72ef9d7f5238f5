// JSON written by the server itself, for answers made of parts written once and shared (the member search).
import type { FastifyReply } from 'fastify';

/** The JSON text of a `T` (a string; the type only says what it holds). */
export type JsonText<T> = string & { readonly jsonOf?: T };

/** Sends `text` as the answer's JSON, as is: Fastify sends a string under a JSON content type without serializing it. */
export function sendJsonText<T>(reply: FastifyReply, text: JsonText<T>): JsonText<T> {
  reply.type('application/json; charset=utf-8');
  return text;
}
