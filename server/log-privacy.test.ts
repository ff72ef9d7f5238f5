import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskEmails, masked } from './log-privacy.ts';

describe('log privacy', () => {
  it('masks e-mail addresses to their first character and domain', () => {
    expect(maskEmails('mail to jane.doe@example.com and x@mail.example.org failed')).toBe(
      'mail to j***@example.com and x***@mail.example.org failed',
    );
    expect(maskEmails('no address @ here, a@b')).toBe('no address @ here, a@b');
    expect(masked({ to: 'jane@example.com', list: ['bob@example.org', 3], n: null })).toEqual({
      to: 'j***@example.com',
      list: ['b***@example.org', 3],
      n: null,
    });
  });

  it("the app's logger masks addresses in messages, fields, errors and request URLs", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/x', async () => ({ ok: true }));
    app.log.warn({ name: 'mail', data: { to: 'jane@example.com' } }, 'job failed: dead letter');
    app.log.info('login of lucas@demo.test');
    app.log.error(new Error('550 mailbox bob@example.org unknown'));
    app.log.error({ err: new Error('rejected: carol@example.net') }, 'send failed');
    await app.inject({ method: 'GET', url: '/x?email=dave@example.com' });
    await app.close();
    const log = lines.join('');
    for (const address of ['jane@example.com', 'lucas@demo.test', 'bob@example.org', 'carol@example.net', 'dave@example.com'])
      expect(log).not.toContain(address);
    for (const shown of ['j***@example.com', 'l***@demo.test', 'b***@example.org', 'c***@example.net', 'd***@example.com'])
      expect(log).toContain(shown);
    // The error's own fields stay (type, stack), masked.
    const errorLine = JSON.parse(lines.find((l) => l.includes('550 mailbox'))!) as {
      msg: string;
      err: { type: string; stack: string };
    };
    expect(errorLine.msg).toBe('550 mailbox b***@example.org unknown');
    expect(errorLine.err.type).toBe('Error');
    expect(errorLine.err.stack).toContain('b***@example.org');
  });
});
