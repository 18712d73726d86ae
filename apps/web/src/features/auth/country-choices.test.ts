import { describe, expect, it } from 'vitest';
import { guessCountry, listCountryChoices } from './country-choices.ts';

describe('the sign-up page’s countries', () => {
  const choices = listCountryChoices();
  const codes = choices.map((choice) => choice.code);

  it('offers current countries by name, without groupings or withdrawn codes', () => {
    expect(choices).toContainEqual({ code: 'CH', name: 'Switzerland' });
    expect(codes).toContain('XK');
    for (const code of ['EU', 'UN', 'ZZ', 'UK', 'YU', 'AN', 'XA']) expect(codes).not.toContain(code);
    expect(choices.length).toBeGreaterThan(240);
    expect(choices.length).toBeLessThan(260);
  });

  it('guesses the country only from a language that names one', () => {
    expect(guessCountry(choices, ['de-CH', 'de'])).toBe('CH');
    expect(guessCountry(choices, ['en', 'fr-BE'])).toBe('BE');
    expect(guessCountry(choices, ['en'])).toBe('');
    expect(guessCountry(choices, ['not a tag'])).toBe('');
  });
});
