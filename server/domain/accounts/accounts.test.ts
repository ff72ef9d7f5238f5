import { describe, expect, it } from 'vitest';
import { checkSignup } from './accounts.ts';
import { defaultSites } from '../../seed/site.ts';
import type { Site } from '../types.ts';
import type { SignupRequest } from '../../../contract/index.ts';

const site = { id: 1, ...defaultSites[0] } as Site;
const now = new Date('2026-06-15T12:00:00Z');
const input: SignupRequest = {
  email: 'ann@example.org',
  name: 'Ann',
  password: 'long enough pass',
  date_of_birth: '1990-01-01',
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
};
const codeOf = (f: () => void) => {
  try {
    f();
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('checkSignup (spec 5)', () => {
  it('passes valid input and names the first broken rule', () => {
    expect(codeOf(() => checkSignup(site, input, now))).toBeNull();
    expect(codeOf(() => checkSignup(site, { ...input, email: 'ann@' }, now))).toBe('invalid_email');
    expect(codeOf(() => checkSignup(site, { ...input, name: 'ANN@example.org' }, now))).toBe('username_is_email');
    expect(codeOf(() => checkSignup(site, { ...input, name: '@ann' }, now))).toBe('username_at');
    expect(codeOf(() => checkSignup(site, { ...input, date_of_birth: '2008-06-16' }, now))).toBe('too_young');
    expect(codeOf(() => checkSignup(site, { ...input, date_of_birth: '2008-06-15' }, now))).toBeNull();
    expect(codeOf(() => checkSignup(site, { ...input, password: 'seven77' }, now))).toBe('password_too_short');
  });

  it('follows the signups setting: all, with_trafficsource (needs a network), none', () => {
    const withSource = { ...site, settings: { ...site.settings, signups: 'with_trafficsource' as const } };
    expect(codeOf(() => checkSignup(withSource, input, now))).toBe('signups_closed');
    expect(codeOf(() => checkSignup(withSource, { ...input, tracking: { network: 'ads' } }, now))).toBeNull();
    expect(codeOf(() => checkSignup({ ...site, settings: { ...site.settings, signups: 'none' } }, input, now))).toBe(
      'signups_closed',
    );
  });
});
