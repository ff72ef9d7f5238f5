// Location privacy (DESIGN: security baseline): positions are stored snapped to a grid of about 1.1 km cells and
// distances leave the server only as bands, so measuring from several points (trilateration) finds a cell, never a home.
import { DISTANCE_BAND_LIMITS_KM, distanceBands, type DistanceBand, type LatLon } from '../../../contract/index.ts';

/** Height of a grid cell in degrees of latitude: 0.01° is about 1.11 km. */
export const GRID_LAT_DEG = 0.01;

/** Mean Earth radius in km (IUGG). */
const EARTH_KM = 6371.0088;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The centre of the grid cell holding `p`, in degrees. Rows are GRID_LAT_DEG high; each row's cells are as wide in
 * km as they are high (the longitude step grows towards the poles), so a cell is about 1.11 × 1.11 km everywhere.
 */
export function snapToGrid(p: LatLon): LatLon {
  const row = Math.floor(p.lat / GRID_LAT_DEG);
  const lat = Math.min(90, (row + 0.5) * GRID_LAT_DEG);
  const lonStep = GRID_LAT_DEG / Math.max(Math.cos(toRad(lat)), 0.01);
  const lon = (Math.floor((p.lon + 180) / lonStep) + 0.5) * lonStep - 180;
  return { lat: round6(lat), lon: round6(Math.min(180, lon)) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Great-circle (haversine) distance between two positions, in km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The band ('lt5', '5_10', ... 'gt100') of a distance in km. */
export function bandOf(km: number): DistanceBand {
  const i = DISTANCE_BAND_LIMITS_KM.findIndex((limit) => km < limit);
  return distanceBands[i === -1 ? distanceBands.length - 1 : i];
}

/** The band between two stored (grid-snapped) locations, or undefined when either is missing. */
export function bandBetween(
  a: { lat: number | null; lon: number | null } | null | undefined,
  b: { lat: number | null; lon: number | null },
): DistanceBand | undefined {
  if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return undefined;
  return bandOf(distanceKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon }));
}
