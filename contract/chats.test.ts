import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, mayStartConversation, messageCost, messageLengthLimit, SendMessageRequest } from './chats.ts';

const settings = {
  message_credits: 10,
  gift_credits: 25,
  photo_credits: 20,
  minimum_message_costs: { CH: { costs: 12, currency: 'CHF' }, NL: { costs: 5, currency: 'EUR' } },
};

describe('messageCost (spec 1, 3, 9)', () => {
  it('costs a text message_credits, at least the country minimum', () => {
    expect(messageCost(settings, 'CH', 'text')).toBe(12);
    expect(messageCost(settings, 'NL', 'text')).toBe(10);
    expect(messageCost(settings, 'US', 'text')).toBe(10);
    expect(messageCost(settings, undefined, 'text')).toBe(10);
    expect(messageCost(settings, 'constructor', 'text')).toBe(10);
  });
  it('costs a gift gift_credits and a photo photo_credits, whatever the country', () => {
    expect(messageCost(settings, 'CH', 'gift')).toBe(25);
    expect(messageCost(settings, 'CH', 'photo')).toBe(20);
  });
});

describe('message length (spec 3 settings message_length)', () => {
  it("is the site's message_length, never above the contract's bound", () => {
    expect(messageLengthLimit({ message_length: 1000 })).toBe(1000);
    expect(messageLengthLimit({ message_length: 5000 })).toBe(MESSAGE_MAX_LENGTH);
  });
  it('refuses a text over MESSAGE_MAX_LENGTH in the request, counted after trimming', () => {
    const request = (text: string) =>
      SendMessageRequest.safeParse({ id: '0190a0a0-0000-7000-8000-000000000000', profile: 1, text });
    expect(MESSAGE_MAX_LENGTH).toBe(2000);
    expect(request('x'.repeat(2000)).success).toBe(true);
    expect(request(` ${'x'.repeat(2000)} `).success).toBe(true);
    expect(request('x'.repeat(2001)).error?.issues[0].path).toEqual(['text']);
    expect(request('   ').success).toBe(false);
  });
});

describe('mayStartConversation (spec 1, 6, 9)', () => {
  const site = { free_conversations: 2 };
  it('lets a free member open free_conversations conversations, and no more', () => {
    expect(mayStartConversation({ paid_user: false, conversations_started: 0 }, site)).toBe(true);
    expect(mayStartConversation({ paid_user: false, conversations_started: 1 }, site)).toBe(true);
    expect(mayStartConversation({ paid_user: false, conversations_started: 2 }, site)).toBe(false);
    expect(mayStartConversation({ paid_user: false, conversations_started: 2 }, { free_conversations: 3 })).toBe(true);
  });
  it('lets a premium member open any number', () => {
    expect(mayStartConversation({ paid_user: true, conversations_started: 500 }, site)).toBe(true);
  });
});
