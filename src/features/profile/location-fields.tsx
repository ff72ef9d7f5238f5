import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { countries, type Country, type LatLon, type ProfileUpdate, type RegionsResponse } from '../../../contract/index.ts';
import { fetchRegions } from '../members/regions.ts';
import { useGeolocationPermission } from './geolocation.ts';
import { reverseGeocode } from './profile-api.ts';
import type { ProfileErrors } from './profile-rules.ts';
import { countryName } from '../../i18n/country-names.ts';
import { regionName, REGIONS_NS, sortedRegions } from '../../i18n/region-names.ts';

type Place = Pick<ProfileUpdate, 'country' | 'region' | 'city'>;

export interface LocationFieldsProps {
  values: ProfileUpdate;
  errors: ProfileErrors;
  /** A location is stored on the server (as a grid cell). */
  located: boolean;
  onPlace: (place: Partial<Place>) => void;
  /** A position to store (snapped by the server), or null to remove the stored one. */
  onLocation: (location: LatLon | null) => void;
}

/**
 * Location on /profile: the browser's position (with the permission state of spec 4: unsupported, unknown, or the
 * browser's own), named by GET /api/geocode.php (spec 7; a failure stores false and leaves the manual choice), and the
 * manual country, region (labelled as the country calls it: province, state, canton, ...) and city.
 */
export function LocationFields({ values, errors, located, onPlace, onLocation }: LocationFieldsProps) {
  const { t, i18n } = useTranslation(['profile', 'profile-fields', 'members', 'errors', REGIONS_NS]);
  const permission = useGeolocationPermission();
  const [regions, setRegions] = useState<RegionsResponse | null>(null);
  const [locating, setLocating] = useState(false);
  /** The last reverse geocode: a town, false (spec 7: failure), or null before any. */
  const [found, setFound] = useState<Awaited<ReturnType<typeof reverseGeocode>> | null>(null);
  const [positionError, setPositionError] = useState(false);

  useEffect(() => {
    let live = true;
    setRegions(null);
    fetchRegions(values.country).then(
      (r) => live && setRegions(r),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [values.country]);

  const locate = () => {
    setLocating(true);
    setPositionError(false);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const position = { lat: coords.latitude, lon: coords.longitude };
        const town = await reverseGeocode(position.lat, position.lon);
        setFound(town);
        onLocation(position);
        if (town) onPlace({ country: town.country, region: town.region, city: town.city });
        setLocating(false);
      },
      () => {
        setPositionError(true);
        setLocating(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };

  const pending = values.location !== undefined;
  const hasLocation = pending ? values.location !== null : located;
  const regionOptions = useMemo(
    () => (regions ? sortedRegions(regions.country, regions.regions, i18n.language) : []),
    [regions, i18n.language],
  );
  const regionLabel = t(`members:search.regionKind.${regions?.label ?? 'region'}`);

  return (
    <section aria-labelledby="profile-location-heading" className="mt-4">
      <h3 id="profile-location-heading" className="h6 fw-bold mb-2">
        {t('location.title')}
      </h3>
      <div className="border rounded-3 p-3 mb-3 bg-body-tertiary">
        <p className="small mb-2" id="profile-location-permission">
          {t(`location.permission.${permission}`)}
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Button
            variant="outline-primary"
            size="sm"
            disabled={locating || permission === 'unsupported' || permission === 'denied'}
            aria-describedby="profile-location-permission"
            onClick={locate}
          >
            {locating ? t('location.locating') : t('location.useMine')}
          </Button>
          {hasLocation && (
            <Button variant="link" size="sm" className="text-danger" onClick={() => onLocation(null)}>
              {t('location.remove')}
            </Button>
          )}
        </div>
        <p className="small text-body-secondary mb-0 mt-2" role="status">
          {positionError
            ? t('location.positionFailed')
            : found === false
              ? t('location.notFound')
              : found
                ? t('location.found', { place: `${found.city}, ${regionName(found.country, found.region_name, i18n.language)}` })
                : ''}
          {found !== null || positionError ? ' ' : ''}
          {hasLocation ? t(pending ? 'location.willSave' : 'location.saved') : t('location.none')}
        </p>
      </div>
      <div className="row g-3">
        <Form.Group className="col-sm-4" controlId="profile-country">
          <Form.Label>{t('profile-fields:field.country')}</Form.Label>
          <Form.Select
            value={values.country}
            onChange={(e) => onPlace({ country: e.target.value as Country, region: '', city: '' })}
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c, i18n.language)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-4" controlId="profile-region">
          <Form.Label>{regionLabel}</Form.Label>
          <Form.Select value={values.region} isInvalid={!!errors.region} onChange={(e) => onPlace({ region: e.target.value })}>
            <option value="">{t('form.notSet')}</option>
            {regionOptions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </Form.Select>
          {errors.region && <Form.Control.Feedback type="invalid">{t(errors.region)}</Form.Control.Feedback>}
        </Form.Group>
        <Form.Group className="col-sm-4" controlId="profile-city">
          <Form.Label>{t('profile-fields:field.city')}</Form.Label>
          <Form.Control
            value={values.city}
            maxLength={80}
            autoComplete="address-level2"
            isInvalid={!!errors.city}
            onChange={(e) => onPlace({ city: e.target.value })}
          />
        </Form.Group>
      </div>
    </section>
  );
}
