import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setFormatPreferences, useFormat } from './format-store.ts';

// A change of preferences reaches every subscribed component at once, and the plain functions too.

const Day = ({ iso }: { iso: string }) => {
  const { formatDate: format } = useFormat();
  return <time dateTime={iso}>{format(iso)}</time>;
};

const at = '2026-11-24T23:30:00Z';
const london = { language: 'en-GB', timeZone: 'Europe/London', numberFormat: null } as const;

describe('the format store', () => {
  afterEach(() => setFormatPreferences(undefined));

  it('re-renders subscribed components when the preferences change', () => {
    setFormatPreferences({ ...london, dateFormat: 'language' });
    render(<Day iso={at} />);
    expect(screen.getByText('24 Nov 2026')).toBeTruthy();

    act(() => setFormatPreferences({ ...london, timeZone: 'Asia/Tokyo', dateFormat: 'yyyy-mm-dd' }));
    expect(screen.getByText('2026-11-25')).toBeTruthy();
    expect(formatDate(at)).toBe('2026-11-25');
  });

  it('keeps the same formatter for the same settings, so nothing re-renders for nothing', () => {
    setFormatPreferences({ ...london, dateFormat: 'dd.mm.yyyy' });
    let renders = 0;
    const Counter = () => {
      renders += 1;
      useFormat();
      return null;
    };
    render(<Counter />);
    act(() => setFormatPreferences({ ...london, dateFormat: 'dd.mm.yyyy' }));
    expect(renders).toBe(1);
    act(() => setFormatPreferences({ ...london, dateFormat: 'mm/dd/yyyy' }));
    expect(renders).toBe(2);
  });
});
