// Client-side signup checks: the contract's SignupRequest schema plus spec 5's rules (the contract's usernameProblem and
// birthDateProblem, which the server applies too), each answering the i18n key of its message.
import {
  birthDateProblem,
  isEmailAddress,
  MIN_PASSWORD_LENGTH,
  MINIMUM_AGE,
  SignupRequest,
  usernameProblem,
  type Country,
  type Gender,
  type Sexuality,
} from '../../../contract/index.ts';

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
  /** Optional words about oneself (spec 3 "Signup form state"); becomes the profile's about-me text. */
  signup_message: string;
}

export type SignupField =
  'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'lookingFor' | 'country' | 'signup_message';

/**
 * Spec 2 "signup steps 0 to 4": the fields each step asks for, in order. The e-mail comes before the username so the
 * username step can check "not the same as your e-mail address" (spec 5); the password comes last.
 */
export const SIGNUP_STEPS = [
  ['gender', 'lookingFor'],
  ['date_of_birth', 'country'],
  ['email'],
  ['name', 'signup_message'],
  ['password'],
] as const satisfies readonly (readonly SignupField[])[];

/** The index (0-4) of the step that asks for `field`. */
export function stepOf(field: SignupField): number {
  return SIGNUP_STEPS.findIndex((fields) => (fields as readonly SignupField[]).includes(field));
}

/** Form field -> the key of the contract's SignupRequest that carries it. */
const requestKey = {
  email: 'email',
  name: 'name',
  password: 'password',
  date_of_birth: 'date_of_birth',
  gender: 'gender',
  lookingFor: 'sexuality',
  country: 'country',
  signup_message: 'signup_message',
} as const satisfies Record<SignupField, keyof SignupRequest>;

/** Field -> i18n key of the message ("errors:invalid_email", "account:signup.dobRequired", ...). */
export type SignupErrors = Partial<Record<SignupField, string>>;

/** "I am a man looking for women" -> hetero, and so on (spec 3: sexuality hetero, gay, lesbian, bi). */
export function toSexuality(gender: Gender, lookingFor: LookingFor): Sexuality {
  if (lookingFor === 'both') return 'bi';
  const seeksSame = (gender === 'male') === (lookingFor === 'men');
  if (!seeksSame) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** The latest date of birth that is old enough today by birthDateProblem's UTC calendar, as YYYY-MM-DD (the date input's `max`). */
export function latestDateOfBirth(today: Date): string {
  return new Date(Date.UTC(today.getUTCFullYear() - MINIMUM_AGE, today.getUTCMonth(), today.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/**
 * Checks the `fields` of `values` (default: all, i.e. before sending); an empty object means they are fine. Spec 5's
 * rules first, then the contract's SignupRequest schema picked to those fields. `today` is injectable for tests.
 */
export function validateSignup(
  values: SignupValues,
  today = new Date(),
  fields: readonly SignupField[] = SIGNUP_STEPS.flat(),
): SignupErrors {
  const errors: SignupErrors = {};
  const email = values.email.trim();
  const name = values.name.trim();

  if (!isEmailAddress(email)) errors.email = 'errors:invalid_email';

  const nameProblem = usernameProblem(name, email);
  if (nameProblem === 'username_at') errors.name = 'errors:username_at';
  else if (name.length < 2 || name.length > 30) errors.name = 'account:signup.usernameLength';
  else if (nameProblem) errors.name = `errors:${nameProblem}`;

  if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'errors:password_too_short';
  else if (values.password.length > 200) errors.password = 'account:signup.passwordTooLong';

  if (!values.date_of_birth) errors.date_of_birth = 'account:signup.dobRequired';
  else {
    const birthProblem = birthDateProblem(values.date_of_birth, today);
    if (birthProblem) errors.date_of_birth = `errors:${birthProblem}`;
  }

  if (!values.country) errors.country = 'account:signup.countryRequired';

  if (values.signup_message.length > 500) errors.signup_message = 'account:signup.messageTooLong';

  for (const field of Object.keys(errors) as SignupField[]) if (!fields.includes(field)) delete errors[field];

  // The contract's schema is the last word on shapes (lengths, enums, characters) the rules above do not name.
  if (Object.keys(errors).length === 0) {
    const mask = Object.fromEntries(fields.map((field) => [requestKey[field], true])) as Partial<
      Record<keyof SignupRequest, true>
    >;
    const parsed = SignupRequest.pick(mask).safeParse(toRequest(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fields.find((f) => requestKey[f] === issue.path[0]);
        if (field) errors[field] ??= 'errors:bad_request';
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
    ...(values.signup_message.trim() ? { signup_message: values.signup_message.trim() } : {}),
    ...(tracking && Object.keys(tracking).length > 0 ? { tracking } : {}),
  };
}
