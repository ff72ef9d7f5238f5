import { useMemo, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { countries as allCountries, MINIMUM_AGE, type Country, type ErrorCode, type User } from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { suggestEmail } from './email-suggest.ts';
import { session, signup } from './session-store.ts';
import { latestDateOfBirth, toRequest, validateSignup, type SignupErrors, type SignupField, type SignupValues } from './signup-rules.ts';
import { getTracking } from './tracking.ts';
import './account.scss';

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
  /** Told when the signup call starts and ends (the modal then refuses to close, spec 2). */
  onBusyChange?: (busy: boolean) => void;
  /** Called with the new (not yet confirmed) user after a successful signup. */
  onSignedUp: (user: User) => void;
}

/** Spec 3 signup form (+ gender, sexuality, country, date of birth) with spec 5's checks and messages. */
export function SignupForm({ idPrefix, onBusyChange, onSignedUp }: SignupFormProps) {
  const { t, i18n } = useTranslation(['account', 'errors', 'common']);
  const { settings } = useSnapshot(session);
  const today = useMemo(() => new Date(), []);
  const defaultCountry: Country | '' = settings?.geoip_selected_country ?? settings?.geoip_country ?? '';
  const [values, setValues] = useState<SignupValues>({
    email: '',
    name: '',
    password: '',
    date_of_birth: '',
    gender: 'male',
    lookingFor: 'women',
    country: defaultCountry,
  });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);

  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const list = settings?.countries.length ? settings.countries : allCountries;
    return [...list].map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [settings?.countries, i18n.language]);

  const signupsOpen = settings?.signups !== 'none' && !(settings?.signups === 'with_trafficsource' && !getTracking()?.network);

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (key === 'email') setEmailTaken(false);
    if (submitted) setErrors(validateSignup(next, today));
  };

  const setBusyBoth = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    const found = validateSignup(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${idPrefix}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusyBoth(true);
    try {
      const user = await signup(toRequest(values, getTracking()));
      setBusyBoth(false);
      onSignedUp(user);
    } catch (error) {
      setBusyBoth(false);
      const code = error instanceof ApiCallError ? error.code : null;
      const field = code && code !== 'network' ? fieldOfCode[code] : undefined;
      if (field) {
        setErrors({ [field]: `errors:${code}` });
        setEmailTaken(code === 'email_taken');
      } else {
        setFormError(errorText(error, { t }));
      }
    }
  }

  if (!signupsOpen) {
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

  return (
    <Form noValidate onSubmit={onSubmit} className="signup-form" aria-busy={busy}>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
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
          <Form.Select value={values.lookingFor} onChange={(e) => set('lookingFor', e.target.value as SignupValues['lookingFor'])}>
            <option value="men">{t('account:signup.men')}</option>
            <option value="women">{t('account:signup.women')}</option>
            <option value="both">{t('account:signup.menAndWomen')}</option>
          </Form.Select>
        </Form.Group>
      </div>

      <Form.Group className="mb-3" controlId={id('email')}>
        <Form.Label>{t('account:fields.email')}</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          isInvalid={invalid('email')}
          aria-describedby={describedBy('email', suggestion ? `${id('email')}-suggestion` : '')}
          onChange={(e) => {
            set('email', e.target.value);
            setSuggestion(null);
          }}
          onBlur={() => setSuggestion(suggestEmail(values.email))}
        />
        {feedback('email')}
        {suggestion && (
          <div className="form-text" id={`${id('email')}-suggestion`}>
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => {
                set('email', suggestion);
                setSuggestion(null);
              }}
            >
              {t('account:signup.didYouMean', { email: suggestion })}
            </button>
          </div>
        )}
      </Form.Group>

      <Form.Group className="mb-3" controlId={id('name')}>
        <Form.Label>{t('account:fields.username')}</Form.Label>
        <Form.Control
          autoComplete="username"
          value={values.name}
          maxLength={30}
          isInvalid={invalid('name')}
          aria-describedby={describedBy('name')}
          onChange={(e) => set('name', e.target.value)}
        />
        {feedback('name')}
      </Form.Group>

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
        {!errors.password && <Form.Text id={`${id('password')}-hint`}>{t('account:signup.passwordHint')}</Form.Text>}
      </Form.Group>

      <div className="row g-2">
        <Form.Group className="col-sm-6 mb-3" controlId={id('date_of_birth')}>
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
          {!errors.date_of_birth && <Form.Text id={`${id('date_of_birth')}-hint`}>{t('account:signup.dobPrompt', { age: MINIMUM_AGE })}</Form.Text>}
        </Form.Group>
        <Form.Group className="col-sm-6 mb-3" controlId={id('country')}>
          <Form.Label>{t('account:fields.country')}</Form.Label>
          <Form.Select
            autoComplete="country"
            value={values.country}
            isInvalid={invalid('country')}
            aria-describedby={describedBy('country')}
            onChange={(e) => set('country', e.target.value as Country | '')}
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
      </div>

      <button type="submit" className="btn btn-secondary btn-lg w-100" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('account:signup.submit')}
      </button>
      <p className="form-text text-center mt-3 mb-0">
        {t('account:signup.terms')} <Link href="/pages/terms">{t('common:footer.terms')}</Link>
      </p>
    </Form>
  );
}
