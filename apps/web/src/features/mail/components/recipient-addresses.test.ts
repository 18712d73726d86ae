import { describe, expect, it } from 'vitest';
import { addressesIn, isMailAddress, namesIn, normaliseAddresses } from './recipient-addresses.ts';

describe('recipient addresses', () => {
  it('takes the address out of an address book line', () => {
    expect(addressesIn('Dana Smith <dana@client.test>')).toEqual(['dana@client.test']);
  });

  it('splits a pasted run of addresses, and keeps anything else whole', () => {
    expect(addressesIn(' a@client.test  b@client.test ')).toEqual(['a@client.test', 'b@client.test']);
    expect(addressesIn('ops at harbour dot com')).toEqual(['ops at harbour dot com']);
    expect(addressesIn('   ')).toEqual([]);
  });

  it('lists each address once', () => {
    expect(normaliseAddresses(['a@client.test', 'Ann <a@client.test>', 'b@client.test'])).toEqual([
      'a@client.test',
      'b@client.test',
    ]);
  });

  it('accepts what the server accepts', () => {
    expect(isMailAddress('dana@client.test')).toBe(true);
    expect(isMailAddress('ops@harbour.x')).toBe(false);
    expect(isMailAddress('not-an-address')).toBe(false);
  });

  it('keeps the names written beside addresses, for greeting the recipient', () => {
    expect(
      namesIn([
        'Dana Smith <dana@client.test>',
        '"King, Ada" <ada@client.test>',
        'bob@client.test',
        '<x@client.test>',
      ]),
    ).toEqual([
      ['dana@client.test', 'Dana Smith'],
      ['ada@client.test', 'King, Ada'],
    ]);
  });
});
