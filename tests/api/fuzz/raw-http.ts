// One HTTP/1.1 request written byte for byte on a socket: the request target and the Host header exactly as given,
// which fetch would normalise (dot segments, backslashes, `#`) or refuse to set.
import net from 'node:net';

/** An answer: status, header fields (names in lower case; the last of repeated ones), body text (chunks joined). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Joins the chunks of a chunked body. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const end = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(data: Buffer): RawAnswer {
  const split = data.indexOf('\r\n\r\n');
  const [statusLine, ...fields] = data.subarray(0, split).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    fields.map((f) => [f.slice(0, f.indexOf(':')).trim().toLowerCase(), f.slice(f.indexOf(':') + 1).trim()]),
  );
  const rest = data.subarray(split + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * Sends `method target` to the server at `base` (http://host:port) with `headers` (a `host` among them replaces the
 * server's own) and `body`, and answers the whole answer; a live stream (text/event-stream) is answered once its head
 * has come, and dropped. Rejects after 10 s without an answer.
 */
export function rawHttp(
  base: string,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { host, port } = new URL(base);
  const headers: Record<string, string> = { host, connection: 'close', ...request.headers };
  if (request.body) headers['content-length'] = String(Buffer.byteLength(request.body));
  const head = [`${request.method} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return new Promise((resolve, reject) => {
    // Written, not ended: Node's server drops a request whose client half-closes before the answer.
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(`${head.join('\r\n')}\r\n\r\n${request.body ?? ''}`),
    );
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer: ${request.method} ${request.target}`)));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const data = Buffer.concat(chunks);
      const split = data.indexOf('\r\n\r\n');
      if (split >= 0 && /^content-type: *text\/event-stream/im.test(data.subarray(0, split).toString('latin1'))) {
        socket.destroy();
        resolve(parse(data));
      }
    });
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
    socket.on('error', reject);
  });
}
