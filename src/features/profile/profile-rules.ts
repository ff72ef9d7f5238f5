// The checks of the /profile form before it is sent: spec 5 (username, date of birth) with the account's e-mail, then
// the contract's ProfileUpdate schema, the same one PUT /api/profile.php parses with.
import { MINIMUM_AGE, ProfileUpdate } from '../../../contract/index.ts';
import { ageOn } from '../account/signup-rules.ts';

/** Field name -> i18n key of its message ("errors:username_is_email", "account:signup.dobRequired", ...). */
export type ProfileErrors = Partial<Record<keyof ProfileUpdate, string>>;

/** Checks `values` against spec 5 and the contract; an empty object means the form may be sent. `today` for tests. */
export function validateProfile(values: ProfileUpdate, email: string, today = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  if (name.startsWith('@')) errors.name = 'errors:username_at';
  else if (name.length < 2 || name.length > 30) errors.name = 'account:signup.usernameLength';
  else if (name.toLowerCase() === email.trim().toLowerCase()) errors.name = 'errors:username_is_email';
  if (!values.date_of_birth) errors.date_of_birth = 'account:signup.dobRequired';
  else {
    const age = ageOn(values.date_of_birth, today);
    if (age === null || age > 120 || age < 0) errors.date_of_birth = 'errors:invalid_date_of_birth';
    else if (age < MINIMUM_AGE) errors.date_of_birth = 'errors:too_young';
  }
  const parsed = ProfileUpdate.safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ProfileUpdate] ??= 'errors:bad_request';
  return errors;
}
