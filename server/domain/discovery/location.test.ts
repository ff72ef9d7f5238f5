import { describe, expect, it } from 'vitest';
import { bandOf, distanceKm, GRID_LAT_DEG, snapToGrid } from './location.ts';

describe('snapToGrid', () => {
  it('answers the same cell centre for every point of a cell, about 1.1 km each way at any latitude', () => {
    for (const lat of [-45.3, 0.2, 40.71, 52.37, 59.91, 69.65]) {
      const c = snapToGrid({ lat, lon: 10.123 });
      expect(snapToGrid({ lat: c.lat + GRID_LAT_DEG * 0.49, lon: c.lon })).toEqual(c);
      expect(snapToGrid({ lat: c.lat + GRID_LAT_DEG * 0.51, lon: c.lon })).not.toEqual(c);
      const east = snapToGrid({ lat: c.lat, lon: c.lon + 1e-9 + (GRID_LAT_DEG / Math.cos((c.lat * Math.PI) / 180)) * 0.51 });
      // Neighbouring centres are one cell apart: about 1.11 km north-south and east-west.
      expect(distanceKm(c, east)).toBeGreaterThan(1.05);
      expect(distanceKm(c, east)).toBeLessThan(1.2);
      expect(distanceKm(c, snapToGrid({ lat: c.lat + GRID_LAT_DEG, lon: c.lon }))).toBeGreaterThan(1.05);
    }
  });

  it('moves a point by at most half a cell diagonal (about 0.8 km)', () => {
    for (const p of [
      { lat: 52.37231, lon: 4.88952 },
      { lat: -33.8688, lon: 151.2093 },
      { lat: 64.1466, lon: -21.9426 },
    ]) {
      expect(distanceKm(p, snapToGrid(p))).toBeLessThan(0.8);
    }
  });
});

describe('bandOf', () => {
  it('puts distances in the bands with open upper bounds', () => {
    expect([0, 4.99, 5, 9.99, 10, 24.9, 25, 49, 50, 99.9, 100, 4000].map(bandOf)).toEqual([
      'lt5',
      'lt5',
      '5_10',
      '5_10',
      '10_25',
      '10_25',
      '25_50',
      '25_50',
      '50_100',
      '50_100',
      'gt100',
      'gt100',
    ]);
  });
});
