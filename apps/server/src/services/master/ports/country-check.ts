import { iso1A2Code } from '@rapideditor/country-coder';

const offsets = [0, 0.1, -0.1, 0.2, -0.2];

const codesAt = (longitude: number, latitude: number) => [
  iso1A2Code([longitude, latitude], { level: 'territory' }),
  iso1A2Code([longitude, latitude]),
];

/**
 * Whether a point lies in (or within about 20 km of) a country or territory: ports sit on coasts and
 * borders, and the borders are simplified, so an exact test would flag good points. Used to curate
 * the seed and to flag imported rows whose coordinates fall elsewhere.
 */
export const locatesInCountry = (countryCode: string, longitude: number, latitude: number): boolean => {
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return false;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return false;
  for (const dx of offsets) {
    for (const dy of offsets) {
      if (codesAt(longitude + dx, latitude + dy).includes(countryCode)) return true;
    }
  }
  return false;
};
