// No e-mail address reaches the log whole (docs/security.md "Logs"): the logger masks every address it is given, in
// its message, in the fields of what it logs, in errors and in request URLs, as `j***@example.com`.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** An e-mail address: its first character, the rest of its local part, and its domain. */
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** How deep `masked` walks into nested objects and arrays; deeper values are left out (a log line needs no more). */
const MAX_DEPTH = 8;

/** `text` with every e-mail address masked: `jane.doe@example.com` → `j***@example.com`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/**
 * `value` with every e-mail address in its strings masked (maskEmails): strings, and the arrays and plain objects
 * holding them, are copied masked; Errors and other objects (a raw request) are left for the logger's serializers.
 */
export function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return depth >= MAX_DEPTH ? '[…]' : value.map((v) => masked(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  if (depth >= MAX_DEPTH) return '[…]';
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, depth + 1)]));
}

/** An Error as a log field (pino's err shape: type, message, stack, code), its texts masked. */
function errorField(err: Error & { code?: unknown }): { type: string; message: string; stack: string; [key: string]: unknown } {
  return {
    type: err.constructor?.name ?? 'Error',
    message: maskEmails(err.message),
    stack: maskEmails(err.stack ?? ''),
    ...(err.code !== undefined ? { code: err.code } : {}),
  };
}

/**
 * The app's logger options at `level` (Fastify's `logger`, pino underneath): every log call's message and fields are
 * masked (`masked`); an Error, logged alone or as `err`, gets its message and stack masked; a request is logged with
 * its URL masked (Fastify's request fields otherwise).
 */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // An Error alone: logged as its `err` field with its message, as pino does, but masked.
        const call = first instanceof Error ? [{ err: first }, rest[0] ?? first.message, ...rest.slice(1)] : args;
        method.apply(this, call.map((arg) => masked(arg)) as Parameters<typeof method>);
      },
    },
    serializers: {
      err: errorField,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: maskEmails(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
