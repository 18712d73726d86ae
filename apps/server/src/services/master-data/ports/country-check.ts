const offsets = [0, 0.1, -0.1, 0.2, -0.2];

/** Whether a point lies in (or within about 20 km of) a country or territory. */
export type TLocatesInCountry = (countryCode: string, longitude: number, latitude: number) => boolean;

/**
 * Loads the country borders and returns the check. Ports sit on coasts and borders, and the borders
 * are simplified, so an exact test would flag good points: the check allows about 20 km. Used to
 * curate the seed and to flag imported rows whose coordinates fall elsewhere. The borders take some
 * 20 MB of memory once loaded, so they load when an import or a catalogue build first needs them.
 */
export const loadCountryLocator = async (): Promise<TLocatesInCountry> => {
  const { iso1A2Code } = await import('@rapideditor/country-coder');
  const codesAt = (longitude: number, latitude: number) => [
    iso1A2Code([longitude, latitude], { level: 'territory' }),
    iso1A2Code([longitude, latitude]),
  ];
  return (countryCode, longitude, latitude) => {
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return false;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return false;
    for (const dx of offsets) {
      for (const dy of offsets) {
        if (codesAt(longitude + dx, latitude + dy).includes(countryCode)) return true;
      }
    }
    return false;
  };
};
