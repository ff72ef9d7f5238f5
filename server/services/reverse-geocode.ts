// Reverse geocoding on this machine (spec 7: GET /api/geocode.php): the nearest town of the offline
// `country-state-city` dataset, through a one-degree bucket index built once, so nothing is fetched at run time.
import { countries, GEOCODE_MAX_KM, type Country, type GeocodeResponse, type LatLon } from '../../contract/index.ts';
import { distanceKm } from '../domain/discovery/location.ts';
import { once } from '../memo.ts';
import { placesOf, regionName, type Place } from './geo.ts';

type Town = Place & { country: Country };

const bucketKey = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

/** The towns of every site country by one-degree bucket, built on first use. */
const buckets = once(() => {
  const index = new Map<string, Town[]>();
  for (const country of countries) {
    for (const p of placesOf(country)) {
      const key = bucketKey(p.lat, p.lon);
      const list = index.get(key) ?? [];
      list.push({ ...p, country });
      index.set(key, list);
    }
  }
  return index;
});

/**
 * The town nearest to `p` among the site countries' towns, if one lies within GEOCODE_MAX_KM (30 km), else null
 * (the sea, or outside the site's countries). Looks in the 3 × 3 one-degree buckets around `p`: a bucket is at least
 * 30 km wide up to 74° north, beyond the towns of every site country.
 */
export function nearestTown(p: LatLon): GeocodeResponse['geocode'] | null {
  const all = buckets();
  let best: Town | null = null;
  let bestKm = GEOCODE_MAX_KM;
  const lat0 = Math.floor(p.lat);
  const lon0 = Math.floor(p.lon);
  for (let dLat = -1; dLat <= 1; dLat++) {
    for (let dLon = -1; dLon <= 1; dLon++) {
      for (const t of all.get(`${lat0 + dLat}:${((((lon0 + dLon + 180) % 360) + 360) % 360) - 180}`) ?? []) {
        const km = distanceKm(p, t);
        if (km <= bestKm) {
          best = t;
          bestKm = km;
        }
      }
    }
  }
  if (!best) return null;
  return {
    country: best.country,
    region: best.region,
    region_name: regionName(best.country, best.region) ?? '',
    city: best.city,
  };
}
