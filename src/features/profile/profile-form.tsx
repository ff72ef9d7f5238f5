import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  BodyType,
  EyeColor,
  HairColor,
  MINIMUM_AGE,
  RelationshipStatus,
  Tattoos,
  type OptionalProfileField,
  type OwnProfile,
  type ProfileUpdate,
} from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { latestDateOfBirth } from '../account/signup-rules.ts';
import { InterestPicker } from './interest-picker.tsx';
import { LocationFields } from './location-fields.tsx';
import { saveProfile } from './profile-api.ts';
import { validateProfile, type ProfileErrors } from './profile-rules.ts';

/** The optional single-choice details, each with its contract enum (the options) and `profile-fields` key. */
const DETAILS = [
  ['hair_color', HairColor.options],
  ['eye_color', EyeColor.options],
  ['body_type', BodyType.options],
  ['relationship_status', RelationshipStatus.options],
  ['tattoos', Tattoos.options],
] as const;

/** The form's values: the PUT body; `location` is absent until the member uses or removes the location. */
const toValues = ({ id: _id, region_name: _name, located: _located, ...rest }: OwnProfile): ProfileUpdate => rest;

export interface ProfileFormProps {
  profile: OwnProfile;
  /** The account's e-mail (spec 5: the username may not be the same). */
  email: string;
  /** The site's `visible_profile_fields` and `visible_profile_notes` (same index). */
  visible: readonly string[];
  notes: readonly string[];
  onSaved: (profile: OwnProfile) => void;
}

/**
 * The /profile form: every field of spec 3 "Profile" (username, gender, sexuality, date of birth, location, details,
 * interests, about me). Checks spec 5 and the contract before sending (profile-rules.ts); the server's field errors
 * land on their fields. Each optional detail says whether other members see it (`visible_profile_fields`) and shows
 * the site's note for it.
 */
export function ProfileForm({ profile, email, visible, notes, onSaved }: ProfileFormProps) {
  const { t } = useTranslation(['profile', 'profile-fields', 'account', 'errors']);
  const [values, setValues] = useState<ProfileUpdate>(() => toValues(profile));
  const [located, setLocated] = useState(profile.located);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof ProfileUpdate>(key: K, value: ProfileUpdate[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setSaved(false);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateProfile(values, email);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await saveProfile(values);
      setValues(toValues(answer));
      setLocated(answer.located);
      setSaved(true);
      onSaved(answer);
    } catch (error) {
      const field = error instanceof ApiCallError ? Object.keys(error.fields ?? {})[0] : undefined;
      if (field && field in values) setErrors({ [field]: `errors:${(error as ApiCallError).code}` });
      else setFormError(error);
    } finally {
      setBusy(false);
    }
  }

  const id = (field: string) => `profile-${field}`;
  const feedback = (field: keyof ProfileUpdate) =>
    errors[field] ? (
      <Form.Control.Feedback type="invalid" id={`${id(field)}-error`}>
        {t(errors[field], { age: MINIMUM_AGE })}
      </Form.Control.Feedback>
    ) : null;
  const visibility = (field: OptionalProfileField) => {
    const i = visible.indexOf(field);
    return (
      <Form.Text id={`${id(field)}-visibility`} className="d-block">
        {i >= 0 ? t('visibility.shown') : t('visibility.hidden')}
        {i >= 0 && notes[i] ? ` ${notes[i]}` : ''}
      </Form.Text>
    );
  };
  const describedBy = (field: keyof ProfileUpdate, extra?: string) =>
    [errors[field] ? `${id(field)}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="profile-form-heading" aria-busy={busy}>
      <h2 id="profile-form-heading" className="h5 fw-bold mb-3">
        {t('form.title')}
      </h2>
      <div className="row g-3">
        <Form.Group className="col-sm-6" controlId={id('name')}>
          <Form.Label>{t('account:fields.username')}</Form.Label>
          <Form.Control
            value={values.name}
            maxLength={30}
            autoComplete="username"
            isInvalid={!!errors.name}
            aria-describedby={describedBy('name')}
            onChange={(e) => set('name', e.target.value)}
          />
          {feedback('name')}
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={id('date_of_birth')}>
          <Form.Label>{t('account:fields.dateOfBirth')}</Form.Label>
          <Form.Control
            type="date"
            value={values.date_of_birth}
            max={latestDateOfBirth(new Date())}
            isInvalid={!!errors.date_of_birth}
            aria-describedby={describedBy('date_of_birth')}
            onChange={(e) => set('date_of_birth', e.target.value)}
          />
          {feedback('date_of_birth')}
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={id('gender')}>
          <Form.Label>{t('profile-fields:field.gender')}</Form.Label>
          <Form.Select value={values.gender} onChange={(e) => set('gender', e.target.value as ProfileUpdate['gender'])}>
            {(['male', 'female'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`profile-fields:gender.${g}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={id('sexuality')}>
          <Form.Label>{t('profile-fields:field.sexuality')}</Form.Label>
          <Form.Select
            value={values.sexuality}
            aria-describedby={`${id('sexuality')}-visibility`}
            onChange={(e) => set('sexuality', e.target.value as ProfileUpdate['sexuality'])}
          >
            {(['hetero', 'gay', 'lesbian', 'bi'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`profile-fields:sexuality.${s}`)}
              </option>
            ))}
          </Form.Select>
          {visibility('sexuality')}
        </Form.Group>
      </div>

      <LocationFields
        values={values}
        errors={errors}
        located={located}
        onPlace={(place) => {
          setValues((v) => ({ ...v, ...place }));
          setSaved(false);
        }}
        onLocation={(location) => set('location', location)}
      />

      <h3 className="h6 fw-bold mt-4 mb-2">{t('profile-fields:details')}</h3>
      <div className="row g-3">
        {DETAILS.map(([field, options]) => (
          <Form.Group key={field} className="col-sm-6" controlId={id(field)}>
            <Form.Label>{t(`profile-fields:field.${field}`)}</Form.Label>
            <Form.Select
              value={values[field] ?? ''}
              aria-describedby={`${id(field)}-visibility`}
              onChange={(e) => set(field, (e.target.value || null) as never)}
            >
              <option value="">{t('form.notSet')}</option>
              {options.map((o: string) => (
                <option key={o} value={o}>
                  {t(`profile-fields:${field}.${o}`)}
                </option>
              ))}
            </Form.Select>
            {visibility(field)}
          </Form.Group>
        ))}
      </div>

      <InterestPicker value={values.interests} onChange={(list) => set('interests', list)} hint={visibility('interests')} />

      <Form.Group className="mt-4" controlId={id('about')}>
        <Form.Label className="fw-bold">{t('profile-fields:field.about')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={2000}
          value={values.about}
          isInvalid={!!errors.about}
          aria-describedby={describedBy('about', `${id('about')}-visibility`)}
          onChange={(e) => set('about', e.target.value)}
        />
        {feedback('about')}
        {visibility('about')}
      </Form.Group>

      {formError != null && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {errorText(formError, { t })}
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
        <Button type="submit" variant="primary" className="px-4" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('form.save')}
        </Button>
        <Link href={`/members/${profile.id}`}>{t('form.viewPublic')}</Link>
        <span role="status" className="text-success fw-semibold">
          {saved ? t('form.saved') : ''}
        </span>
      </div>
    </Form>
  );
}
