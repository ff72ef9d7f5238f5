import { describe, expect, it } from 'vitest';
import {
  latestDateOfBirth,
  SIGNUP_STEPS,
  stepOf,
  toRequest,
  toSexuality,
  validateSignup,
  type SignupValues,
} from './signup-rules.ts';

const today = new Date('2026-06-15T12:00:00Z'); // the rules count by the UTC calendar
const valid: SignupValues = {
  email: 'ann@example.com',
  name: 'Ann',
  password: 'long enough',
  date_of_birth: '1990-01-31',
  gender: 'female',
  lookingFor: 'men',
  country: 'NL',
  signup_message: '',
};

describe('validateSignup (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid, today)).toEqual({});
  });

  it('names each broken rule with its message key', () => {
    expect(validateSignup({ ...valid, email: 'ann@' }, today)).toEqual({ email: 'errors:invalid_email' });
    expect(validateSignup({ ...valid, name: 'ann@example.com' }, today)).toEqual({ name: 'errors:username_is_email' });
    expect(validateSignup({ ...valid, name: 'ANN@example.com ' }, today)).toEqual({ name: 'errors:username_is_email' });
    expect(validateSignup({ ...valid, name: '@ann' }, today)).toEqual({ name: 'errors:username_at' });
    expect(validateSignup({ ...valid, name: 'A' }, today)).toEqual({ name: 'account:signup.usernameLength' });
    expect(validateSignup({ ...valid, password: 'short' }, today)).toEqual({ password: 'errors:password_too_short' });
    expect(validateSignup({ ...valid, date_of_birth: '' }, today)).toEqual({ date_of_birth: 'account:signup.dobRequired' });
    expect(validateSignup({ ...valid, date_of_birth: '1990-02-30' }, today)).toEqual({
      date_of_birth: 'errors:invalid_date_of_birth',
    });
    expect(validateSignup({ ...valid, country: '' }, today)).toEqual({ country: 'account:signup.countryRequired' });
  });

  it('needs 18 full years on the day', () => {
    expect(validateSignup({ ...valid, date_of_birth: '2008-06-15' }, today)).toEqual({});
    expect(validateSignup({ ...valid, date_of_birth: '2008-06-16' }, today)).toEqual({ date_of_birth: 'errors:too_young' });
    expect(latestDateOfBirth(today)).toBe('2008-06-15');
  });
});

describe('validateSignup per step (spec 2: steps 0 to 4)', () => {
  const empty: SignupValues = { ...valid, email: '', name: '', password: '', date_of_birth: '', country: '' };

  it('checks only the fields of the step, so an empty form passes step 0 and stops at step 1', () => {
    expect(validateSignup(empty, today, SIGNUP_STEPS[0])).toEqual({});
    expect(validateSignup(empty, today, SIGNUP_STEPS[1])).toEqual({
      date_of_birth: 'account:signup.dobRequired',
      country: 'account:signup.countryRequired',
    });
    expect(validateSignup(empty, today, SIGNUP_STEPS[2])).toEqual({ email: 'errors:invalid_email' });
    expect(validateSignup(empty, today, SIGNUP_STEPS[3])).toEqual({ name: 'account:signup.usernameLength' });
    expect(validateSignup(empty, today, SIGNUP_STEPS[4])).toEqual({ password: 'errors:password_too_short' });
  });

  it('the username step already knows the e-mail (it comes first)', () => {
    expect(stepOf('email')).toBeLessThan(stepOf('name'));
    expect(validateSignup({ ...valid, name: 'ann@example.com' }, today, SIGNUP_STEPS[3])).toEqual({
      name: 'errors:username_is_email',
    });
  });

  it("applies the contract's schema to the step's fields (a character the contract refuses)", () => {
    expect(validateSignup({ ...valid, signup_message: 'hi\u0000' }, today, SIGNUP_STEPS[3])).toEqual({
      signup_message: 'errors:bad_request',
    });
    expect(validateSignup({ ...valid, signup_message: 'x'.repeat(501) }, today, SIGNUP_STEPS[3])).toEqual({
      signup_message: 'account:signup.messageTooLong',
    });
    expect(validateSignup({ ...valid, signup_message: 'hi\u0000' }, today, SIGNUP_STEPS[4])).toEqual({});
  });

  it('puts every field on exactly one step', () => {
    expect(SIGNUP_STEPS.flat().sort()).toEqual([
      'country',
      'date_of_birth',
      'email',
      'gender',
      'lookingFor',
      'name',
      'password',
      'signup_message',
    ]);
  });
});

describe('toSexuality', () => {
  it('maps "I am ... looking for ..." to the profile sexuality', () => {
    expect(toSexuality('male', 'women')).toBe('hetero');
    expect(toSexuality('female', 'men')).toBe('hetero');
    expect(toSexuality('male', 'men')).toBe('gay');
    expect(toSexuality('female', 'women')).toBe('lesbian');
    expect(toSexuality('male', 'both')).toBe('bi');
  });
});

describe('toRequest', () => {
  it('trims, derives sexuality and leaves out empty tracking', () => {
    expect(toRequest({ ...valid, email: ' ann@example.com ', name: ' Ann ' }, {})).toEqual({
      email: 'ann@example.com',
      name: 'Ann',
      password: 'long enough',
      date_of_birth: '1990-01-31',
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
    });
    expect(toRequest(valid, { network: 'x' }).tracking).toEqual({ network: 'x' });
    expect(toRequest({ ...valid, signup_message: '  Hello there ' }).signup_message).toBe('Hello there');
  });
});
