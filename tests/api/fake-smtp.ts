// A local SMTP sink (RFC 5321, no TLS, no auth) for API tests: the server's real nodemailer transport delivers to it,
// so a test can read a mail's raw header fields, which the dev mailbox does not keep.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One mail as received: envelope and the raw message (header fields and body, dot-unstuffed). */
interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** The value of header field `name` in `raw` (case-insensitive, unfolded), or null. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r\n\r\n/, 1)[0].replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** Starts the sink on a free loopback port. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let data: string[] | null = null;
    let mail: ReceivedMail = { from: '', to: [], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push({ ...mail, raw: data.join('\r\n') });
            mail = { from: '', to: [], raw: '' };
            data = null;
            reply('250 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          reply('250 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok'); // RSET, NOOP
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
