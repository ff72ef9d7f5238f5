import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import {
  countries as allCountries,
  MINIMUM_AGE,
  signupsOpen,
  type Country,
  type ErrorCode,
  type User,
} from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session, signup } from './session-store.ts';
import { clearSignupDraft, loadSignupDraft, saveSignupDraft } from './signup-draft.ts';
import {
  latestDateOfBirth,
  SIGNUP_STEPS,
  stepOf,
  toRequest,
  validateSignup,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from './signup-rules.ts';
import { getTracking } from './tracking.ts';
import { useEmailSuggestion } from './use-email-suggestion.ts';
import './account.scss';
import { sortedCountries } from '../../i18n/country-names.ts';
import { chooseCountry } from '../country/country-picker.tsx';
import { audienceOf } from '../../../contract/niches.ts';

/** Server error codes that belong to one field (the rest show above the form). */
const fieldOfCode: Partial<Record<ErrorCode, SignupField>> = {
  invalid_email: 'email',
  email_taken: 'email',
  username_is_email: 'name',
  username_at: 'name',
  password_too_short: 'password',
  password_too_common: 'password',
  invalid_date_of_birth: 'date_of_birth',
  too_young: 'date_of_birth',
};

export interface SignupFormProps {
  /** Prefix of the input ids, so the page form and the modal form never share an id. */
  idPrefix: string;
  /**
   * Told whether a signup is in progress: a step after the first, something typed, or the signup call running
   * (the modal then refuses backdrop clicks and Escape, spec 2), and whether that call is running.
   */
  onProgressChange?: (inProgress: boolean, busy: boolean) => void;
  /** Called with the new (not yet confirmed) user after a successful signup. */
  onSignedUp: (user: User) => void;
}

const LAST_STEP = SIGNUP_STEPS.length - 1;

/**
 * Spec 2 signup in steps 0 to 4 (SIGNUP_STEPS: who you are and seek, birthday and country, e-mail, username and a few
 * words, password), a step indicator, Back and Next, each step checked by spec 5's rules and the contract's schema
 * before the next; the form state survives a reload (signup-draft.ts). A server error sends the visitor back to the
 * step of its field.
 */
export function SignupForm({ idPrefix, onProgressChange, onSignedUp }: SignupFormProps) {
  const { t, i18n } = useTranslation(['account', 'errors', 'common']);
  const { settings } = useSnapshot(session);
  const today = useMemo(() => new Date(), []);
  const defaultCountry: Country | '' = settings?.geoip_selected_country ?? settings?.geoip_country ?? '';
  const [draft] = useState(loadSignupDraft);
  const [step, setStep] = useState(draft?.step ?? 0);
  const [values, setValues] = useState<SignupValues>(
    () =>
      draft?.values ?? {
        email: '',
        name: '',
        password: '',
        date_of_birth: '',
        // Who the site is for (spec 1 niche): a man looking for women, on she a woman looking for women, and so on.
        ...audienceOf(settings?.niche).signup,
        country: defaultCountry,
        signup_message: '',
      },
  );
  const [errors, setErrors] = useState<SignupErrors>({});
  /** Steps whose Next was pressed: their fields are checked again while the visitor types. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const { suggestion, onBlur: suggestOnBlur, holds: suggestionHolds, clear: clearSuggestion } = useEmailSuggestion();
  const [done, setDone] = useState(false);
  const stepMoved = useRef(false);

  const countryOptions = sortedCountries(settings?.countries.length ? settings.countries : allCountries, i18n.language);

  // Without settings yet the form shows: the server still decides.
  const open = settings ? signupsOpen(settings, getTracking()?.network) : true;

  const typed = Boolean(values.email || values.name || values.password || values.date_of_birth || values.signup_message);
  const inProgress = busy || step > 0 || typed;
  useEffect(() => {
    onProgressChange?.(inProgress, busy);
  }, [onProgressChange, inProgress, busy]);
  useEffect(() => () => onProgressChange?.(false, false), [onProgressChange]);

  useEffect(() => {
    if (!done) saveSignupDraft({ step, values });
  }, [step, values, done]);

  // A new step puts the focus on its first field (not on the first render: the page must not jump).
  useEffect(() => {
    if (!stepMoved.current) return;
    document.getElementById(`${idPrefix}-${SIGNUP_STEPS[step][0]}`)?.focus();
  }, [step, idPrefix]);

  const stepFields = (index: number): readonly SignupField[] => SIGNUP_STEPS[index];

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (key === 'email') setEmailTaken(false);
    if (checked.has(step)) setErrors(validateSignup(next, today, stepFields(step)));
  };

  const goTo = (index: number) => {
    stepMoved.current = true;
    setStep(index);
    setFormError(null);
  };

  /** Checks the fields of `index`; on a problem shows it and focuses its field. True when the step is fine. */
  const checkStep = (index: number): boolean => {
    setChecked((prev) => new Set(prev).add(index));
    const found = validateSignup(values, today, stepFields(index));
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return !first;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!checkStep(step)) return;
    if (step === stepOf('email') && suggestionHolds(values.email)) return;
    if (step < LAST_STEP) {
      goTo(step + 1);
      return;
    }
    // Every step again: a draft restored after a reload may hold values an earlier step no longer accepts.
    const all = validateSignup(values, today);
    const firstField = Object.keys(all)[0] as SignupField | undefined;
    if (firstField) {
      setErrors(all);
      goTo(stepOf(firstField));
      return;
    }
    setBusy(true);
    try {
      const user = await signup(toRequest(values, getTracking()));
      setDone(true);
      clearSignupDraft();
      setBusy(false);
      onSignedUp(user);
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiCallError ? error.code : null;
      const field = code && code !== 'network' ? fieldOfCode[code] : undefined;
      if (field) {
        setErrors({ [field]: `errors:${code}` });
        setEmailTaken(code === 'email_taken');
        goTo(stepOf(field));
      } else {
        setFormError(errorText(error, { t }));
      }
    }
  }

  if (!open) {
    return (
      <p className="alert alert-info mb-0" role="status">
        {t('errors:signups_closed')}
      </p>
    );
  }

  const id = (field: SignupField) => `${idPrefix}-${field}`;
  const invalid = (field: SignupField) => Boolean(errors[field]);
  const describedBy = (field: SignupField, ...more: string[]) =>
    [errors[field] ? `${id(field)}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const feedback = (field: SignupField) =>
    errors[field] ? (
      <Form.Control.Feedback type="invalid" id={`${id(field)}-error`}>
        {t(errors[field], { age: MINIMUM_AGE })}
        {field === 'email' && emailTaken && (
          <>
            {' '}
            <Link href="/login">{t('account:signup.loginInstead')}</Link>
          </>
        )}
      </Form.Control.Feedback>
    ) : null;

  const stepTitles = [
    t('account:signup.steps.you'),
    t('account:signup.steps.birthday'),
    t('account:signup.steps.email'),
    t('account:signup.steps.username'),
    t('account:signup.steps.password'),
  ];

  return (
    <Form noValidate onSubmit={onSubmit} className="signup-form" aria-busy={busy}>
      <ol className="signup-progress" aria-label={t('account:signup.progress')}>
        {stepTitles.map((title, index) => (
          <li
            key={title}
            className={index < step ? 'is-done' : index === step ? 'is-current' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="signup-progress-mark" aria-hidden="true">
              {index < step ? '✓' : index + 1}
            </span>
            {/* A narrow step wraps its label between words only: never inside one, not even at a hyphen ("E-|mail"). */}
            <span className="signup-progress-title">
              {title.split(' ').map((word, i) => (
                <Fragment key={i}>
                  {i > 0 && ' '}
                  <span className="text-nowrap">{word}</span>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
      </ol>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
      <fieldset key={step} className="signup-step">
        <legend className="signup-step-legend">
          {t('account:signup.stepOf', { step: step + 1, total: SIGNUP_STEPS.length, title: stepTitles[step] })}
        </legend>

        {step === 0 && (
          <div className="row g-2">
            <Form.Group className="col-6 mb-3" controlId={id('gender')}>
              <Form.Label>{t('account:signup.iAm')}</Form.Label>
              <Form.Select value={values.gender} onChange={(e) => set('gender', e.target.value as SignupValues['gender'])}>
                <option value="male">{t('account:signup.aMan')}</option>
                <option value="female">{t('account:signup.aWoman')}</option>
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-6 mb-3" controlId={id('lookingFor')}>
              <Form.Label>{t('account:signup.lookingFor')}</Form.Label>
              <Form.Select
                value={values.lookingFor}
                onChange={(e) => set('lookingFor', e.target.value as SignupValues['lookingFor'])}
              >
                <option value="men">{t('account:signup.men')}</option>
                <option value="women">{t('account:signup.women')}</option>
                <option value="both">{t('account:signup.menAndWomen')}</option>
              </Form.Select>
            </Form.Group>
          </div>
        )}

        {step === 1 && (
          <>
            <Form.Group className="mb-3" controlId={id('date_of_birth')}>
              <Form.Label>{t('account:fields.dateOfBirth')}</Form.Label>
              <Form.Control
                type="date"
                autoComplete="bday"
                max={latestDateOfBirth(today)}
                min="1900-01-01"
                value={values.date_of_birth}
                isInvalid={invalid('date_of_birth')}
                aria-describedby={describedBy('date_of_birth', errors.date_of_birth ? '' : `${id('date_of_birth')}-hint`)}
                onChange={(e) => set('date_of_birth', e.target.value)}
              />
              {feedback('date_of_birth')}
              {!errors.date_of_birth && (
                <Form.Text id={`${id('date_of_birth')}-hint`}>{t('account:signup.dobPrompt', { age: MINIMUM_AGE })}</Form.Text>
              )}
            </Form.Group>
            <Form.Group className="mb-3" controlId={id('country')}>
              <Form.Label>{t('account:fields.country')}</Form.Label>
              <Form.Select
                autoComplete="country"
                value={values.country}
                isInvalid={invalid('country')}
                aria-describedby={describedBy('country')}
                onChange={(e) => {
                  const country = e.target.value as Country | '';
                  set('country', country);
                  // The country a visitor signs up from is their country on the site too (spec 3: geoip_selected_country).
                  if (country) chooseCountry(country);
                }}
              >
                {!values.country && <option value="">{t('account:signup.chooseCountry')}</option>}
                {countryOptions.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </Form.Select>
              {feedback('country')}
            </Form.Group>
          </>
        )}

        {step === 2 && (
          <Form.Group className="mb-3" controlId={id('email')}>
            <Form.Label>{t('account:fields.email')}</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              isInvalid={invalid('email')}
              aria-describedby={describedBy('email', suggestion ? `${id('email')}-suggestion` : `${id('email')}-hint`)}
              onChange={(e) => {
                set('email', e.target.value);
                clearSuggestion();
              }}
              onBlur={() => suggestOnBlur(values.email)}
            />
            {feedback('email')}
            {suggestion ? (
              <div className="form-text" id={`${id('email')}-suggestion`}>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 align-baseline"
                  onClick={() => {
                    set('email', suggestion);
                    clearSuggestion();
                  }}
                >
                  {t('account:signup.didYouMean', { email: suggestion })}
                </button>
              </div>
            ) : (
              !errors.email && <Form.Text id={`${id('email')}-hint`}>{t('account:signup.emailHint')}</Form.Text>
            )}
          </Form.Group>
        )}

        {step === 3 && (
          <>
            <Form.Group className="mb-3" controlId={id('name')}>
              <Form.Label>{t('account:fields.username')}</Form.Label>
              <Form.Control
                autoComplete="username"
                value={values.name}
                maxLength={30}
                isInvalid={invalid('name')}
                aria-describedby={describedBy('name', errors.name ? '' : `${id('name')}-hint`)}
                onChange={(e) => set('name', e.target.value)}
              />
              {feedback('name')}
              {!errors.name && <Form.Text id={`${id('name')}-hint`}>{t('account:signup.usernameHint')}</Form.Text>}
            </Form.Group>
            <Form.Group className="mb-3" controlId={id('signup_message')}>
              <Form.Label>{t('account:signup.message')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={500}
                value={values.signup_message}
                isInvalid={invalid('signup_message')}
                aria-describedby={describedBy('signup_message', errors.signup_message ? '' : `${id('signup_message')}-hint`)}
                onChange={(e) => set('signup_message', e.target.value)}
              />
              {feedback('signup_message')}
              {!errors.signup_message && (
                <Form.Text id={`${id('signup_message')}-hint`}>{t('account:signup.messageHint')}</Form.Text>
              )}
            </Form.Group>
          </>
        )}

        {step === 4 && (
          <Form.Group className="mb-3" controlId={id('password')}>
            <Form.Label>{t('account:fields.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={values.password}
              isInvalid={invalid('password')}
              aria-describedby={describedBy('password', errors.password ? '' : `${id('password')}-hint`)}
              onChange={(e) => set('password', e.target.value)}
            />
            {feedback('password')}
            {!errors.password && <Form.Text id={`${id('password')}-hint`}>{t('account:strength.hint')}</Form.Text>}
          </Form.Group>
        )}
      </fieldset>

      <div className="signup-nav">
        {step > 0 && (
          <button type="button" className="btn btn-outline-secondary btn-lg" disabled={busy} onClick={() => goTo(step - 1)}>
            {t('account:signup.back')}
          </button>
        )}
        <button type="submit" className="btn btn-secondary btn-lg flex-grow-1" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {step < LAST_STEP ? t('account:signup.next') : t('account:signup.submit')}
        </button>
      </div>
      {step === LAST_STEP && (
        <p className="form-text text-center mt-3 mb-0">
          {t('account:signup.terms')} <Link href="/pages/terms">{t('common:footer.terms')}</Link>
        </p>
      )}
    </Form>
  );
}
