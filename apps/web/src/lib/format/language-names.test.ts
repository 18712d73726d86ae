import { describe, expect, it } from 'vitest';
import { formatLanguageName } from './language-names.ts';

describe('a language by name', () => {
  it('names a tag in English', () => {
    expect(formatLanguageName('en')).toBe('English');
    expect(formatLanguageName('de')).toBe('German');
    expect(formatLanguageName('pt-BR')).toBe('Brazilian Portuguese');
  });

  it('keeps a tag it cannot name', () => {
    expect(formatLanguageName('xx')).toBe('xx');
    expect(formatLanguageName('not a tag!')).toBe('not a tag!');
  });
});
