import { describe, expect, it } from 'vitest';
import { activationReminder, isSmartphone, showPhotoAlert } from './account-alert-rules.ts';

const user = (
  over: {
    status?: 'not_confirmed' | 'confirmed';
    disabled?: number;
    profileStatus?: 'active' | 'disabled';
    photo?: boolean;
  } = {},
) => ({
  status: over.status ?? 'not_confirmed',
  notifications_disabled: Array.from({ length: over.disabled ?? 0 }, () => ({
    kind: 'message' as const,
    reason: 'bounce' as const,
    since: '2026-01-01T00:00:00Z',
  })),
  profile: {
    id: 1,
    name: 'A',
    country: 'NL' as const,
    gender: null,
    sexuality: null,
    status: over.profileStatus ?? 'disabled',
    main_image: over.photo ? { filename: 'a.webp', thumb_filename: 'a-t.webp', status: 'active' as const } : null,
  },
});

describe('profile photo alert (spec 2)', () => {
  it('shows without a main image, outside the listed routes, until dismissed', () => {
    expect(showPhotoAlert(user(), 'members', null)).toBe(true);
    expect(showPhotoAlert(user({ photo: true }), 'members', null)).toBe(false);
    for (const r of ['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'])
      expect(showPhotoAlert(user(), r, null), r).toBe(false);
    expect(showPhotoAlert(user(), 'members', 1700000000000)).toBe(false);
    expect(showPhotoAlert(null, 'members', null)).toBe(false);
  });
});

describe('activation reminder (spec 2)', () => {
  const desk = { smartphone: false, search: '' };
  it('shows for an unconfirmed member with a disabled profile and no disabled notifications', () => {
    expect(activationReminder(user(), 'members', desk)).toBe('alert');
    expect(activationReminder(user({ status: 'confirmed' }), 'members', desk)).toBeNull();
    expect(activationReminder(user({ profileStatus: 'active' }), 'members', desk)).toBeNull();
    expect(activationReminder(user({ disabled: 1 }), 'members', desk)).toBeNull();
    expect(activationReminder(null, 'members', desk)).toBeNull();
    for (const r of ['signup', 'settings', 'notifications']) expect(activationReminder(user(), r, desk), r).toBeNull();
  });

  it('is a modal only on a smartphone with api_signup_complete', () => {
    expect(activationReminder(user(), 'members', { smartphone: true, search: '?api_signup_complete=1' })).toBe('modal');
    expect(activationReminder(user(), 'members', { smartphone: true, search: '' })).toBe('alert');
    expect(activationReminder(user(), 'members', { smartphone: false, search: '?api_signup_complete' })).toBe('alert');
  });

  it('knows a smartphone', () => {
    expect(isSmartphone({ userAgent: 'x', userAgentData: { mobile: true } })).toBe(true);
    expect(isSmartphone({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })).toBe(true);
    expect(isSmartphone({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' })).toBe(true);
    expect(isSmartphone({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130' })).toBe(false);
  });
});
