import { describe, expect, it } from 'vitest';
import type { DisabledNotification, NotificationSettings } from '../../../contract/index.ts';
import { emailOn, showDisabledAlert } from './notification-rules.ts';

const bounce: DisabledNotification = { kind: 'like', reason: 'bounce', since: '2026-03-01T10:00:00.000Z' };

describe('disabled-notifications alert (spec 2)', () => {
  it('shows when the disabled list is non-empty, outside settings and notifications', () => {
    expect(showDisabledAlert([bounce], 'members', null)).toBe(true);
    expect(showDisabledAlert([], 'members', null)).toBe(false);
    expect(showDisabledAlert([bounce], 'notifications', null)).toBe(false);
    expect(showDisabledAlert([bounce], 'settings', null)).toBe(false);
  });

  it('stays hidden once dismissed, until a kind is stopped after the dismissal', () => {
    const dismissed = Date.parse('2026-03-02T00:00:00.000Z');
    expect(showDisabledAlert([bounce], 'members', dismissed)).toBe(false);
    const later: DisabledNotification = { kind: 'match', reason: 'spam_complaint', since: '2026-03-05T08:00:00.000Z' };
    expect(showDisabledAlert([bounce, later], 'members', dismissed)).toBe(true);
  });
});

describe('e-mail switch state', () => {
  const settings: NotificationSettings = {
    address: 'a@example.org',
    email: [
      { kind: 'message', enabled: true },
      { kind: 'like', enabled: true },
      { kind: 'match', enabled: false },
    ],
    disabled: [bounce],
  };

  it('is on only when the member wants the kind and the mail system has not stopped it', () => {
    expect(emailOn(settings, 'message')).toBe(true);
    expect(emailOn(settings, 'like')).toBe(false);
    expect(emailOn(settings, 'match')).toBe(false);
  });
});
