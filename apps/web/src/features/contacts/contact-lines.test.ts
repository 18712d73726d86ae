import { describe, expect, it } from 'vitest';
import { fieldPathOf, filledLines, isBlankLine } from './contact-lines.ts';

describe('the contact form’s lines', () => {
  it('counts a line as blank only when nothing in it is typed or chosen', () => {
    expect(isBlankLine({ label: '', address: '  ' })).toBe(true);
    expect(isBlankLine({ countryCode: undefined, locationCode: null })).toBe(true);
    expect(isBlankLine({ label: 'Night desk', number: '' })).toBe(false);
    expect(filledLines([{ address: '' }, { address: 'ops@example.test' }])).toEqual([
      { address: 'ops@example.test' },
    ]);
  });

  it("places the server's answer about a sent line on that line, past the blank ones", () => {
    const emails = [
      { label: '', address: '' },
      { label: 'Ops', address: 'ops@example' },
    ];
    expect(fieldPathOf('emails.0.address', { emails })).toEqual(['emails', 1, 'address']);
    expect(fieldPathOf('name', { emails })).toEqual(['name']);
    expect(fieldPathOf('tagIds.0', { emails })).toEqual(['tagIds', 0]);
  });
});
