// The checks of the /profile form before it is sent: spec 5 (the contract's usernameProblem and birthDateProblem) with
// the account's e-mail, then the contract's ProfileUpdate schema: the same rules and schema PUT /api/profile.php uses.
import { birthDateProblem, ProfileUpdate, usernameProblem } from '../../../contract/index.ts';

/** Field name -> i18n key of its message ("errors:username_is_email", "account:signup.dobRequired", ...). */
export type ProfileErrors = Partial<Record<keyof ProfileUpdate, string>>;

/** Checks `values` against spec 5 and the contract; an empty object means the form may be sent. `today` for tests. */
export function validateProfile(values: ProfileUpdate, email: string, today = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  const nameProblem = usernameProblem(name, email);
  if (nameProblem === 'username_at') errors.name = 'errors:username_at';
  else if (name.length < 2 || name.length > 30) errors.name = 'account:signup.usernameLength';
  else if (nameProblem) errors.name = `errors:${nameProblem}`;
  if (!values.date_of_birth) errors.date_of_birth = 'account:signup.dobRequired';
  else {
    const birthProblem = birthDateProblem(values.date_of_birth, today);
    if (birthProblem) errors.date_of_birth = `errors:${birthProblem}`;
  }
  const parsed = ProfileUpdate.safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ProfileUpdate] ??= 'errors:bad_request';
  return errors;
}
