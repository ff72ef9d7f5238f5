import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto } from './lander-parts.tsx';
import { countryName } from '../../i18n/country-names.ts';
import { regionName, REGIONS_NS } from '../../i18n/region-names.ts';

/** Regions the map shows at most (the busiest). */
const MAX_REGIONS = 12;

/**
 * /landers/maplanding/:slug?: a tile map of the site country's regions, each shaded by its share of members
 * (counts from the server), with a few members pinned on it.
 */
export default function MapLander() {
  const { t, i18n } = useTranslation(['landers', REGIONS_NS]);
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const regions = content
    ? content.regions.slice(0, MAX_REGIONS).map((r) => ({ ...r, name: regionName(content.country, r.name, i18n.language) }))
    : [];
  const top = regions[0]?.count ?? 1;
  const inCountry = content?.regions.reduce((sum, r) => sum + r.count, 0) ?? 0;
  const country = content ? countryName(content.country, i18n.language) : '';
  const pins = content?.members.slice(0, 3) ?? [];
  return (
    <LanderPage className="lander-map" title={t('map.title', copy)} headingId="map-heading">
      <div className="container map-wrap">
        <div className="map-copy">
          <h1 id="map-heading">{t('map.title', copy)}</h1>
          <p className="lead">{t('map.lead', { ...copy, count: inCountry, country })}</p>
          <LanderCta label={t('map.cta')} />
        </div>
        <div className="map-board">
          <h2 className="visually-hidden">{t('map.regions', { country })}</h2>
          <ol className="map-tiles">
            {regions.map((r, i) => (
              <li
                key={r.code}
                className="map-tile"
                style={{ '--share': (0.25 + (0.75 * r.count) / top).toFixed(2) } as CSSProperties}
              >
                <span className="map-region" translate="no">
                  {r.name}
                </span>
                <span className="map-count">{t('map.count', { count: r.count })}</span>
                {pins[i] && i < 3 && <MemberPhoto member={pins[i]} className="map-pin" eager />}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </LanderPage>
  );
}
