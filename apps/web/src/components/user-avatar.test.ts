import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-avatar.tsx';

describe('initialsOf', () => {
  it('takes the first letter of the first two words, in capitals', () => {
    expect(initialsOf('anna maria lopez')).toBe('AM');
    expect(initialsOf('  Erin  ')).toBe('E');
    expect(initialsOf('')).toBe('');
  });

  it('keeps an emoji or a combined letter whole', () => {
    expect(initialsOf('🚢 Shipping')).toBe('🚢S');
    expect(initialsOf('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧F');
    expect(initialsOf('e\u0301mile zola')).toBe('E\u0301Z');
  });
});
