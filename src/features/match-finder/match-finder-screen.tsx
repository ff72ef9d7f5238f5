import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import {
  matchDistances,
  interests,
  MATCH_FINDER_MAX_INTERESTS,
  MatchFinderQuery,
  MatchFinderResponse,
  type MatchDistance,
  type Gender,
  type Interest,
  type MatchFinderResult,
} from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { MemberCard, MemberGrid } from '../members/member-card.tsx';
import { preferredGender } from '../members/search-store.ts';

/** The questionnaire's answers as the form holds them (ages as typed). */
interface Answers {
  gender: Gender;
  min_age: string;
  max_age: string;
  distance: MatchDistance;
  interests: Interest[];
}

/** The reasons shown under a match: shared interests and distance ('3 shared interests', '12 km'). */
function Reasons({ result }: { result: MatchFinderResult }) {
  const { t } = useTranslation(['discovery', 'profile-fields']);
  const n = result.shared_interests.length;
  const parts = [
    n ? t('matchFinder.shared', { count: n }) : '',
    result.distance_km !== null ? t('matchFinder.km', { km: result.distance_km }) : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <p className="small mt-1 mb-0" title={result.shared_interests.map((i) => t(`profile-fields:interests.${i}`)).join(', ')}>
      <span className="visually-hidden">{t('matchFinder.reasons', { reasons: '' })}</span>
      {parts.join(' · ')}
    </p>
  );
}

/**
 * /match-finder (spec 2): a short questionnaire (gender, age range, distance band, interests) answered with the members
 * who fit it, ranked by the server (GET /api/match-finder.php: shared interests, then distance), each with its reasons.
 * The answers are checked with the contract's MatchFinderQuery before they are sent.
 */
export default function MatchFinderScreen() {
  const { t } = useTranslation(['discovery', 'profile-fields', 'members']);
  usePageTitle(t('matchFinder.title'));
  const { user } = useSnapshot(session);
  const id = useId();
  const [answers, setAnswers] = useState<Answers>(() => ({
    gender: preferredGender(user?.profile.gender ?? undefined, user?.profile.sexuality ?? undefined) || 'female',
    min_age: '18',
    max_age: '99',
    distance: 'any',
    interests: [],
  }));
  const [results, setResults] = useState<MatchFinderResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // New results: the heading takes the focus, so a phone user lands on them below the long form.
  useEffect(() => {
    if (results) resultsHeading.current?.focus();
  }, [results]);
  const parsed = MatchFinderQuery.safeParse(answers);
  const ageInvalid = !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'min_age' || i.path[0] === 'max_age');
  const set = (patch: Partial<Answers>) => setAnswers((a) => ({ ...a, ...patch }));
  const toggle = (i: Interest) =>
    set({ interests: answers.interests.includes(i) ? answers.interests.filter((x) => x !== i) : [...answers.interests, i] });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    const q = parsed.data;
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams({
        gender: q.gender,
        min_age: String(q.min_age),
        max_age: String(q.max_age),
        distance: q.distance,
        interests: q.interests.join(','),
      });
      setResults((await api(`/api/match-finder.php?${query}`, MatchFinderResponse)).results);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const full = answers.interests.length >= MATCH_FINDER_MAX_INTERESTS;
  return (
    <div className="container py-3 py-md-4">
      <h1 className="h3 fw-bold mb-1">{t('matchFinder.title')}</h1>
      <p className="text-body-secondary mb-3">{t('matchFinder.intro')}</p>
      <form
        className="bg-white rounded-4 shadow-sm border p-3 mb-3 mb-md-4"
        onSubmit={(e) => void submit(e)}
        aria-label={t('matchFinder.title')}
        noValidate
      >
        <div className="row g-3">
          <fieldset className="col-12 col-md-4">
            <legend className="form-label small fw-semibold mb-1 fs-6">{t('matchFinder.gender')}</legend>
            <div className="btn-group w-100" role="group">
              {(['female', 'male'] as const).map((g) => (
                <Fragment key={g}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={`${id}-gender`}
                    id={`${id}-${g}`}
                    checked={answers.gender === g}
                    onChange={() => set({ gender: g })}
                  />
                  <label className="btn btn-outline-primary flex-fill" htmlFor={`${id}-${g}`}>
                    {t(g === 'female' ? 'matchFinder.women' : 'matchFinder.men')}
                  </label>
                </Fragment>
              ))}
            </div>
          </fieldset>
          <fieldset className="col-12 col-md-4">
            <legend className="form-label small fw-semibold mb-1 fs-6">{t('matchFinder.age')}</legend>
            <div className="d-flex gap-2">
              <div className="flex-fill">
                <label className="visually-hidden" htmlFor={`${id}-min`}>
                  {t('matchFinder.minAge')}
                </label>
                <input
                  id={`${id}-min`}
                  type="number"
                  inputMode="numeric"
                  min={18}
                  max={99}
                  className={`form-control ${ageInvalid ? 'is-invalid' : ''}`}
                  value={answers.min_age}
                  onChange={(e) => set({ min_age: e.target.value })}
                  aria-describedby={ageInvalid ? `${id}-age-error` : undefined}
                />
              </div>
              <span className="align-self-center" aria-hidden="true">
                –
              </span>
              <div className="flex-fill">
                <label className="visually-hidden" htmlFor={`${id}-max`}>
                  {t('matchFinder.maxAge')}
                </label>
                <input
                  id={`${id}-max`}
                  type="number"
                  inputMode="numeric"
                  min={18}
                  max={99}
                  className={`form-control ${ageInvalid ? 'is-invalid' : ''}`}
                  value={answers.max_age}
                  onChange={(e) => set({ max_age: e.target.value })}
                />
              </div>
            </div>
            {ageInvalid && (
              <div id={`${id}-age-error`} className="text-danger small mt-1">
                {t('matchFinder.ageError')}
              </div>
            )}
          </fieldset>
          <div className="col-12 col-md-4">
            <label className="form-label small fw-semibold mb-1" htmlFor={`${id}-distance`}>
              {t('matchFinder.distance')}
            </label>
            <select
              id={`${id}-distance`}
              className="form-select"
              value={answers.distance}
              onChange={(e) => set({ distance: e.target.value as MatchDistance })}
            >
              {matchDistances.map((d) => (
                <option key={d} value={d}>
                  {t(`matchFinder.distances.${d}`)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="col-12">
            <legend className="form-label small fw-semibold mb-1 fs-6">
              {t('matchFinder.interests', { max: MATCH_FINDER_MAX_INTERESTS })}
            </legend>
            <div className="d-flex flex-wrap gap-1">
              {interests.map((i) => {
                const on = answers.interests.includes(i);
                return (
                  <span key={i}>
                    <input
                      type="checkbox"
                      className="btn-check"
                      id={`${id}-i-${i}`}
                      checked={on}
                      disabled={!on && full}
                      onChange={() => toggle(i)}
                    />
                    <label className="btn btn-sm btn-outline-secondary rounded-pill" htmlFor={`${id}-i-${i}`}>
                      {t(`profile-fields:interests.${i}`)}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
          <div className="col-12">
            <Button type="submit" className="rounded-pill px-4" disabled={busy || !parsed.success}>
              {t('matchFinder.submit')}
            </Button>
          </div>
        </div>
      </form>

      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <div aria-live="polite">
        {busy ? (
          <p className="text-body-secondary">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {t('matchFinder.searching')}
          </p>
        ) : (
          results && (
            <section aria-labelledby={`${id}-results`}>
              <h2 id={`${id}-results`} ref={resultsHeading} tabIndex={-1} className="h5 fw-bold mb-3">
                {t('matchFinder.results')}
              </h2>
              {results.length === 0 ? (
                <p className="text-body-secondary">{t('matchFinder.none')}</p>
              ) : (
                <MemberGrid label={t('matchFinder.results')}>
                  {results.map((r) => (
                    <li key={r.profile.id} className="col">
                      <MemberCard member={r.profile} href={`/members/${r.profile.id}`} />
                      <Reasons result={r} />
                    </li>
                  ))}
                </MemberGrid>
              )}
            </section>
          )
        )}
      </div>
    </div>
  );
}
