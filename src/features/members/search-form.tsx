import { useEffect, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import type { Country, Gender, RegionsResponse } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { applyFilters, searchState } from './search-store.ts';
import type { SearchFilters } from './search-query.ts';
import { fetchRegions } from './regions.ts';
import { sortedCountries } from '../../i18n/country-names.ts';
import { REGIONS_NS, sortedRegions } from '../../i18n/region-names.ts';

const clampAge = (v: number) => Math.min(99, Math.max(18, Math.round(v) || 18));

/**
 * The search filters (spec 3): gender, country, region, min and max age. Selects apply at once; ages
 * apply with the Search button. Any change starts a new search, which clears results and count (spec 4).
 */
export function SearchForm({ defaults }: { defaults: SearchFilters }) {
  const { t, i18n } = useTranslation(['members', REGIONS_NS]);
  const snap = useSnapshot(searchState);
  // Until the store applies the defaults (after the first render), the form shows them: the server draws the same.
  const shown = snap.didInit ? snap : defaults;
  const settings = useSnapshot(session).settings;
  const id = useId();
  const [minAge, setMinAge] = useState(String(snap.min_age));
  const [maxAge, setMaxAge] = useState(String(snap.max_age));
  const [regions, setRegions] = useState<RegionsResponse | null>(null);

  // The store may change the ages (a new user's defaults): show what it holds.
  useEffect(() => setMinAge(String(snap.min_age)), [snap.min_age]);
  useEffect(() => setMaxAge(String(snap.max_age)), [snap.max_age]);

  useEffect(() => {
    setRegions(null);
    if (!shown.country) return;
    let live = true;
    fetchRegions(shown.country).then(
      (r) => live && setRegions(r),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [shown.country]);

  const countries = sortedCountries(settings?.countries ?? [], i18n.language);
  const regionOptions = useMemo(
    () => (regions ? sortedRegions(regions.country, regions.regions, i18n.language) : []),
    [regions, i18n.language],
  );
  const regionLabel = t(`search.regionKind.${regions?.label ?? 'region'}`);
  const min = clampAge(Number(minAge));
  const max = clampAge(Number(maxAge));
  const agesInvalid = min > max;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (agesInvalid) return;
    setMinAge(String(min));
    setMaxAge(String(max));
    void applyFilters({ min_age: min, max_age: max });
  };

  return (
    <form className="row g-2 g-md-3 align-items-end" onSubmit={submit} aria-label={t('search.formLabel')} noValidate>
      <div className="col-6 col-md">
        <label className="form-label small fw-semibold mb-1" htmlFor={`${id}-gender`}>
          {t('search.gender')}
        </label>
        <select
          id={`${id}-gender`}
          className="form-select"
          value={shown.gender}
          onChange={(e) => void applyFilters({ gender: e.target.value as Gender | '' })}
        >
          <option value="">{t('search.everyone')}</option>
          <option value="female">{t('search.women')}</option>
          <option value="male">{t('search.men')}</option>
        </select>
      </div>
      <div className="col-6 col-md">
        <label className="form-label small fw-semibold mb-1" htmlFor={`${id}-country`}>
          {t('search.country')}
        </label>
        <select
          id={`${id}-country`}
          className="form-select"
          value={shown.country}
          onChange={(e) => void applyFilters({ country: e.target.value as Country | '', countryregion: '' })}
        >
          <option value="">{t('search.allCountries')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-12 col-md">
        <label className="form-label small fw-semibold mb-1" htmlFor={`${id}-region`}>
          {regionLabel}
        </label>
        <select
          id={`${id}-region`}
          className="form-select"
          value={shown.countryregion}
          disabled={!shown.country}
          onChange={(e) => void applyFilters({ countryregion: e.target.value })}
        >
          <option value="">{t('search.allRegions')}</option>
          {regionOptions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <AgeInput
        id={`${id}-min`}
        label={t('search.minAge')}
        value={minAge}
        onChange={setMinAge}
        errorId={agesInvalid ? `${id}-ages` : undefined}
      />
      <AgeInput
        id={`${id}-max`}
        label={t('search.maxAge')}
        value={maxAge}
        onChange={setMaxAge}
        errorId={agesInvalid ? `${id}-ages` : undefined}
      />
      <div className="col-4 col-md-auto">
        <Button type="submit" variant="primary" className="w-100 px-md-4" style={{ paddingBlock: '.6rem' }}>
          {t('search.submit')}
        </Button>
      </div>
      {agesInvalid && (
        <div id={`${id}-ages`} className="col-12 small text-danger" role="alert">
          {t('search.agesInvalid')}
        </div>
      )}
    </form>
  );
}

/** One age filter (spec 3: min_age / max_age, 18 to 99); `errorId` names the message when the range is invalid. */
function AgeInput({
  id,
  label,
  value,
  onChange,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  errorId?: string;
}) {
  return (
    <div className="col-4 col-md-auto">
      <label className="form-label small fw-semibold mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control ${errorId ? 'is-invalid' : ''}`}
        type="number"
        inputMode="numeric"
        min={18}
        max={99}
        style={{ minWidth: '5.5rem' }}
        value={value}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
