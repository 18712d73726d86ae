import { describe, expect, it } from 'vitest';
import { indefiniteArticleOf, withIndefiniteArticle } from './nouns.ts';

describe('the indefinite article', () => {
  it('goes by the sound a noun starts with', () => {
    expect(
      [
        'exchange rate',
        'e-mail template',
        'email template',
        'announcement',
        'issue',
        'audit log',
        'open question',
        'unsaved draft',
        'invitation',
      ].map(indefiniteArticleOf),
    ).toEqual(['an', 'an', 'an', 'an', 'an', 'an', 'an', 'an', 'an']);
    expect(
      [
        'role',
        'user',
        'usual suspect',
        'unit',
        'unique code',
        'European port',
        'one-time code',
        'picklist value',
        'contact tag',
      ].map(indefiniteArticleOf),
    ).toEqual(['a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a']);
    expect(indefiniteArticleOf('hour')).toBe('an');
  });

  it('reads initialisms letter by letter', () => {
    expect(withIndefiniteArticle('API token')).toBe('an API token');
    expect(withIndefiniteArticle('SSO setup')).toBe('an SSO setup');
    expect(withIndefiniteArticle('PDF')).toBe('a PDF');
    expect(withIndefiniteArticle('CSV export')).toBe('a CSV export');
  });
});
