// The countries the sign-up page offers, named by the browser: the signed-out pages load no
// reference data, and the server checks the code against its own list anyway.

/** Region codes browsers name that are no ISO 3166 country (groupings, pseudo-regions, sub-areas). */
const notCountries = new Set([
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'EU',
  'EZ',
  'IC',
  'QO',
  'TA',
  'UN',
  'XA',
  'XB',
  'ZZ',
]);

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export type TCountryChoice = { code: string; name: string };

/** Every country the browser has an English name for, by name. */
export const listCountryChoices = (): TCountryChoice[] => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const choices: TCountryChoice[] = [];
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = names.of(code);
      // A withdrawn code (YU, AN) or an alias (UK) is canonicalised to another: only current codes count.
      const isCurrent = new Intl.Locale(`und-${code}`).region === code;
      if (name && name !== code && isCurrent && !notCountries.has(code)) choices.push({ code, name });
    }
  }
  return choices.sort((left, right) => left.name.localeCompare(right.name, 'en'));
};

/** The country the browser's language names (en-GB → GB), when it names one the list has. */
export const guessCountry = (
  choices: TCountryChoice[],
  languages: readonly string[] = navigator.languages,
) => {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).region;
      if (region && choices.some((choice) => choice.code === region)) return region;
    } catch {
      // A malformed language tag names no country.
    }
  }
  return '';
};
