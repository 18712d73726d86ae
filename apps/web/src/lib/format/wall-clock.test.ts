import { describe, expect, it } from 'vitest';
import { instantOfLocalMinute, localMinuteOf } from './wall-clock.ts';

describe('event times on the place’s clock', () => {
  it('reads an instant as the place’s wall clock and back', () => {
    expect(localMinuteOf('2026-03-02T05:30:00Z', 'Europe/Amsterdam')).toBe('2026-03-02T06:30');
    expect(localMinuteOf('2026-07-02T05:30:00Z', 'Europe/Amsterdam')).toBe('2026-07-02T07:30');
    expect(localMinuteOf('2026-03-02T05:30:00Z', 'Asia/Shanghai')).toBe('2026-03-02T13:30');
    expect(instantOfLocalMinute('2026-03-02T06:30', 'Europe/Amsterdam')).toBe('2026-03-02T05:30:00.000Z');
    expect(instantOfLocalMinute('2026-07-02T07:30', 'Europe/Amsterdam')).toBe('2026-07-02T05:30:00.000Z');
    expect(instantOfLocalMinute('2026-03-02T13:30', 'Asia/Shanghai')).toBe('2026-03-02T05:30:00.000Z');
  });

  it('keeps the right offset on the days the clocks change', () => {
    // Amsterdam goes from +01:00 to +02:00 at 02:00 on 29 March 2026.
    expect(instantOfLocalMinute('2026-03-29T01:30', 'Europe/Amsterdam')).toBe('2026-03-29T00:30:00.000Z');
    expect(instantOfLocalMinute('2026-03-29T03:30', 'Europe/Amsterdam')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses text that is no time', () => {
    expect(instantOfLocalMinute('', 'Europe/Amsterdam')).toBeUndefined();
    expect(instantOfLocalMinute('2026-03-02', 'Europe/Amsterdam')).toBeUndefined();
  });
});
