import { describe, expect, it } from 'vitest';
import { messageCost } from './message-cost.ts';

describe('messageCost', () => {
  const settings = {
    message_credits: 2,
    minimum_message_costs: { NL: { costs: 3, currency: 'EUR' }, DE: { costs: 1, currency: 'EUR' } },
  };
  it('uses the country minimum when it is higher', () => expect(messageCost(settings, 'NL')).toBe(3));
  it('uses message_credits when the minimum is lower', () => expect(messageCost(settings, 'DE')).toBe(2));
  it('uses message_credits for a country without a minimum', () => expect(messageCost(settings, 'US')).toBe(2));
  it('is 0 without settings', () => expect(messageCost(null, 'NL')).toBe(0));
});
