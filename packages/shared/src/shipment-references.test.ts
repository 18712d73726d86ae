import { describe, expect, it } from 'vitest';
import {
  formatReference,
  nextReferenceOf,
  referencePatternRefusal,
  referenceScopeOf,
} from './shipment-references.ts';

describe('shipment reference patterns', () => {
  it('fills the year and pads the number, counting each pattern and year on its own', () => {
    expect(formatReference('SE-{YYYY}-{#####}', 2026, 42)).toBe('SE-2026-00042');
    expect(formatReference('OCN/{YY}.{###}', 2031, 7)).toBe('OCN/31.007');
    expect(formatReference('X-{###}', 2026, 12345)).toBe('X-12345');
    expect(referenceScopeOf('OCN/{YY}.{###}', 2031)).toBe('OCN/31.');
    expect(nextReferenceOf('SE-{YYYY}-{#####}', { year: 2026, lastNumbers: { 'SE-2026-': 42 } })).toBe(
      'SE-2026-00043',
    );
    expect(nextReferenceOf('AF-{YY}-{####}', { year: 2026, lastNumbers: { 'SE-2026-': 42 } })).toBe(
      'AF-26-0001',
    );
  });

  it('takes only patterns that number unambiguously', () => {
    for (const pattern of ['SE-{YYYY}-{#####}', 'A{###}', '{########}/B', 'HAM.{YY}/{####}-X'])
      expect(referencePatternRefusal(pattern), pattern).toBeUndefined();
    for (const pattern of [
      '',
      'SE-{YYYY}',
      'SE-{##}',
      'SE-{#########}',
      'A{###}{###}',
      'SE_{###}',
      'SE-{MM}-{###}',
    ])
      expect(referencePatternRefusal(pattern), pattern).toBeDefined();
    expect(referencePatternRefusal('SE{YYYY}{###}')).toContain('next to the number');
    expect(referencePatternRefusal('SE-{###}7')).toContain('next to the number');
    expect(referencePatternRefusal(`${'A'.repeat(36)}{###}`)).toContain('40 characters');
  });
});
