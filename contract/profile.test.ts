import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem, usernameProblem } from './profile.ts';

const now = new Date('2026-06-15T12:00:00Z');

describe('ageOn', () => {
  it('counts whole years by the UTC calendar, a birthday today included', () => {
    expect(ageOn('2000-06-15', now)).toBe(26);
    expect(ageOn('2000-06-16', now)).toBe(25);
    expect(ageOn('2000-12-31', now)).toBe(25);
    expect(ageOn('2000-06-15', new Date('2026-06-14T23:30:00-02:00'))).toBe(26);
  });
});

describe('birthDateProblem (spec 5)', () => {
  it('accepts real past dates of adults', () => {
    expect(birthDateProblem('1990-02-28', now)).toBeNull();
    expect(birthDateProblem('2000-02-29', now)).toBeNull();
    expect(birthDateProblem('2008-06-15', now)).toBeNull();
  });
  it('refuses impossible, future and absurd dates as invalid', () => {
    for (const value of ['1990-02-29', '1990-13-01', '2026-06-16', '1850-01-01', '90-01-01', '15-06-2000', ''])
      expect(birthDateProblem(value, now)).toBe('invalid_date_of_birth');
  });
  it('refuses members under MINIMUM_AGE as too young', () => {
    expect(birthDateProblem('2008-06-16', now)).toBe('too_young');
    expect(birthDateProblem('2026-06-15', now)).toBe('too_young');
  });
});

describe('usernameProblem (spec 5)', () => {
  it('refuses a name starting with @ and the account e-mail address in any case', () => {
    expect(usernameProblem('Ann', 'ann@example.org')).toBeNull();
    expect(usernameProblem('@ann', 'ann@example.org')).toBe('username_at');
    expect(usernameProblem('ANN@example.org', ' ann@example.org ')).toBe('username_is_email');
  });
});
