// The service worker's zod-free check agrees with the contract's zod schema on valid and broken payloads.
import { describe, expect, it } from 'vitest';
import { PushPayload } from './push.ts';
import { isPushPayload } from './push-guard.ts';

const card = {
  id: 3,
  name: 'Sanne',
  age: 34,
  gender: 'female',
  country: 'NL',
  region: 'NH',
  city: 'Haarlem',
  fictional: true,
  online: false,
  photo: { id: 9, url: '/media/abc.webp', thumb_url: '/media/abc-t.webp', locked: false },
} as const;
const message = {
  id: '0190a5e8-7c1b-7d2e-9f3a-1b2c3d4e5f60',
  conversation_id: 7,
  sender_id: 3,
  text: 'Hoi!',
  created_at: '2026-11-21T10:00:00.000Z',
  seq: 4,
  read: false,
};
const chat = {
  conversation: { id: 7, last_message_at: message.created_at },
  profile: card,
  num_unread_messages: 2,
  last_message: message,
  peer_read_seq: 0,
};

const valid: PushPayload = {
  kind: 'message',
  recipient_id: 12,
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
  ['message with its chat entry', { ...valid, chat, previous_seq: 2 }],
  ['first message of a chat', { ...valid, chat, previous_seq: null }],
  ['previous seq not a number', { ...valid, chat, previous_seq: '2' }],
  ['like with its liked_by entry', { ...valid, kind: 'like', profile_id: 3, liked_by: { ...card, like_new: true } }],
  [
    'chat of a card without photo and no message',
    {
      ...valid,
      chat: { ...chat, profile: { ...card, photo: null }, last_message: null, conversation: { id: 7, last_message_at: null } },
    },
  ],
  ['no recipient', { ...valid, recipient_id: undefined }],
  ['chat without profile', { ...valid, chat: { ...chat, profile: undefined } }],
  ['chat with a message id that is no uuid', { ...valid, chat: { ...chat, last_message: { ...message, id: '42' } } }],
  ['chat with a fractional unread count', { ...valid, chat: { ...chat, num_unread_messages: 0.5 } }],
  [
    'chat whose card photo lacks its url',
    { ...valid, chat: { ...chat, profile: { ...card, photo: { id: 9, thumb_url: 'x', locked: false } } } },
  ],
  ['liked_by without like_new', { ...valid, kind: 'like', liked_by: card }],
  ['liked_by with a string age', { ...valid, kind: 'like', liked_by: { ...card, age: '34', like_new: true } }],
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
    expect(variants.filter(([, v]) => isPushPayload(v)).map(([name]) => name)).toEqual([
      'valid message',
      'like without conversation',
      'no thumbnail',
      'message with its chat entry',
      'first message of a chat',
      'like with its liked_by entry',
      'chat of a card without photo and no message',
    ]);
  });
});
