import { describe, expect, it } from 'vitest';
import { incotermRefusal, incotermRules, incoterms, isIncotermAllowed, isIncotermRule } from './incoterms.ts';

describe('Incoterms 2020', () => {
  it('has the eleven rules with their names', () => {
    expect(incotermRules).toHaveLength(11);
    expect(incoterms.FOB.name).toBe('Free On Board');
    expect(incoterms.DPU.name).toBe('Delivered at Place Unloaded');
    expect(isIncotermRule('CIF')).toBe(true);
    for (const text of ['DAT', 'DDU', 'fob', '']) expect(isIncotermRule(text), text).toBe(false);
  });

  it('allows the seven any-mode rules everywhere and the four sea rules at sea only', () => {
    for (const rule of ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const)
      for (const mode of ['sea', 'air', 'road'] as const)
        expect(isIncotermAllowed(rule, mode), `${rule} ${mode}`).toBe(true);
    for (const rule of ['FAS', 'FOB', 'CFR', 'CIF'] as const) {
      expect(isIncotermAllowed(rule, 'sea')).toBe(true);
      expect(isIncotermAllowed(rule, 'air')).toBe(false);
      expect(isIncotermAllowed(rule, 'road')).toBe(false);
    }
  });

  it('says why and what to use instead', () => {
    expect(incotermRefusal('FOB', 'air')).toBe(
      'FOB is for sea and inland waterway transport only; for air use FCA',
    );
    expect(incotermRefusal('CIF', 'road')).toBe(
      'CIF is for sea and inland waterway transport only; for road use CIP',
    );
    expect(incotermRefusal('CFR', 'air')).toContain('use CPT');
    expect(incotermRefusal('FAS', 'air')).toContain('use FCA');
    expect(incotermRefusal('FOB', 'sea')).toBeUndefined();
    expect(incotermRefusal('FCA', 'air')).toBeUndefined();
  });
});
