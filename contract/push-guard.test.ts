// The service worker's zod-free check agrees with the contract's zod schema on valid and broken payloads.
import { describe, expect, it } from 'vitest';
import { PushPayload } from './push.ts';
import { isPushPayload } from './push-guard.ts';

const valid: PushPayload = {
  kind: 'message',
  conversation_id: 7,
  sender: { id: 3, name: 'Sanne', thumb_url: '/media/abc-t.webp' },
  title: 'Sanne',
  body: 'Hoi!',
  url: '/chats/3',
  totals: { unread: 2, new_likes: 0 },
};

const variants: [string, unknown][] = [
  ['valid message', valid],
  ['like without conversation', { ...valid, kind: 'like', conversation_id: undefined, profile_id: 3, url: '/likes' }],
  ['no thumbnail', { ...valid, sender: { ...valid.sender, thumb_url: null } }],
  ['unknown kind', { ...valid, kind: 'gift' }],
  ['fractional id', { ...valid, conversation_id: 1.5 }],
  ['string profile id', { ...valid, profile_id: '3' }],
  ['no sender', { ...valid, sender: undefined }],
  ['sender without name', { ...valid, sender: { id: 3, thumb_url: null } }],
  ['thumbnail missing', { ...valid, sender: { id: 3, name: 'x' } }],
  ['negative total', { ...valid, totals: { unread: -1, new_likes: 0 } }],
  ['no totals', { ...valid, totals: undefined }],
  ['title not a string', { ...valid, title: 5 }],
  ['no url', { ...valid, url: undefined }],
  ['an array', [valid]],
  ['null', null],
  ['a string', 'ping'],
  ['the old loose shape', { title: 'Sanne', body: 'Hoi!', conversation_id: 7 }],
];

describe('isPushPayload', () => {
  it.each(variants)('%s: same verdict as the zod schema', (_, value) => {
    expect(isPushPayload(value)).toBe(PushPayload.safeParse(value).success);
  });

  it('accepts the valid ones and refuses the broken ones (the comparison can fail)', () => {
    expect(variants.filter(([, v]) => isPushPayload(v)).map(([name]) => name)).toEqual(['valid message', 'like without conversation', 'no thumbnail']);
  });
});
