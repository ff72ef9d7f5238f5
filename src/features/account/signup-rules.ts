// Client-side signup checks: the contract's SignupRequest schema plus spec 5's rules, each answering
// the i18n key of its message (the server checks the same rules again).
import { z } from 'zod';
import { MINIMUM_AGE, SignupRequest, type Country, type Gender, type Sexuality } from '../../../contract/index.ts';

export type LookingFor = 'men' | 'women' | 'both';

/** What the signup form holds while the user types. */
export interface SignupValues {
  email: string;
  name: string;
  password: string;
  /** YYYY-MM-DD from the date input, or ''. */
  date_of_birth: string;
  gender: Gender;
  lookingFor: LookingFor;
  country: Country | '';
}

export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'lookingFor' | 'country';

/** Field -> i18n key of the message ("errors:invalid_email", "account:signup.dobRequired", ...). */
export type SignupErrors = Partial<Record<SignupField, string>>;

/** "I am a man looking for women" -> hetero, and so on (spec 3: sexuality hetero, gay, lesbian, bi). */
export function toSexuality(gender: Gender, lookingFor: LookingFor): Sexuality {
  if (lookingFor === 'both') return 'bi';
  const seeksSame = (gender === 'male') === (lookingFor === 'men');
  if (!seeksSame) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** Whole years between `dob` (YYYY-MM-DD) and `today`, or null when `dob` is not a real date. */
export function ageOn(dob: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

/** The latest date of birth that is old enough today, as YYYY-MM-DD (for the date input's `max`). */
export function latestDateOfBirth(today: Date): string {
  const d = new Date(today.getFullYear() - MINIMUM_AGE, today.getMonth(), today.getDate());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const emailSchema = z.email();

/** Checks `values`; an empty object means the form may be sent. `today` is injectable for tests. */
export function validateSignup(values: SignupValues, today = new Date()): SignupErrors {
  const errors: SignupErrors = {};
  const email = values.email.trim();
  const name = values.name.trim();

  if (!emailSchema.safeParse(email).success || email.length > 254) errors.email = 'errors:invalid_email';

  if (name.startsWith('@')) errors.name = 'errors:username_at';
  else if (name.length < 2 || name.length > 30) errors.name = 'account:signup.usernameLength';
  else if (email && name.toLowerCase() === email.toLowerCase()) errors.name = 'errors:username_is_email';

  if (values.password.length < 8) errors.password = 'errors:password_too_short';
  else if (values.password.length > 200) errors.password = 'account:signup.passwordTooLong';

  if (!values.date_of_birth) errors.date_of_birth = 'account:signup.dobRequired';
  else {
    const age = ageOn(values.date_of_birth, today);
    if (age === null || age > 120 || age < 0) errors.date_of_birth = 'errors:invalid_date_of_birth';
    else if (age < MINIMUM_AGE) errors.date_of_birth = 'errors:too_young';
  }

  if (!values.country) errors.country = 'account:signup.countryRequired';

  // The contract's schema is the last word on shapes (lengths, enums) the rules above do not name.
  if (Object.keys(errors).length === 0) {
    const parsed = SignupRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'sexuality' ? 'lookingFor' : (issue.path[0] as SignupField);
        errors[field] ??= 'errors:bad_request';
      }
    }
  }
  return errors;
}

/** The POST /api/signup.php body for `values` (call after validateSignup found nothing). */
export function toRequest(values: SignupValues, tracking?: SignupRequest['tracking']): SignupRequest {
  return {
    email: values.email.trim(),
    name: values.name.trim(),
    password: values.password,
    date_of_birth: values.date_of_birth,
    gender: values.gender,
    sexuality: toSexuality(values.gender, values.lookingFor),
    country: values.country as Country,
    ...(tracking && Object.keys(tracking).length > 0 ? { tracking } : {}),
  };
}
