import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZUpdateCompanyRequest } from './company.ts';
import * as shared from './index.ts';
import { picklistRules, picklistValueFromLabel, uniquePicklistValueFromLabel } from './picklists.ts';
import { roleRules, ZRoleInput, ZRoleUpdate } from './roles.ts';
import { ZCodeAuthRequest, ZRegisterCompanyRequest } from './session.ts';
import { ZInviteUserRequest, ZUserRolesRequest } from './users.ts';

// The request schemas the server validates with and the web's forms check against: what each
// accepts, and for what it refuses, which field the message names.

/** The refusal as the API reports it: each failing field's path with its message. */
const refusal = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return Object.fromEntries(result.error.issues.map(({ path, message }) => [path.join('.'), message]));
};

const roleId = '0b9a1f6e-2c4d-4e8f-9a1b-3c5d7e9f1a2b';

describe('ZInviteUserRequest', () => {
  it('accepts an invitation and trims the names and the email', () => {
    expect(
      ZInviteUserRequest.parse({ email: '  ada@example.com ', firstName: ' Ada ', lastName: 'Lovelace' }),
    ).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(
      ZInviteUserRequest.parse({ email: 'ada@example.com', firstName: 'A', lastName: 'L', roleIds: [roleId] })
        .roleIds,
    ).toEqual([roleId]);
  });

  it('names the email that is not an address and the blank name', () => {
    expect(refusal(ZInviteUserRequest, { email: 'ada', firstName: '  ', lastName: 'Lovelace' })).toEqual({
      email: 'must be a valid email address',
      firstName: 'is required',
    });
  });

  it('refuses a name over 80 characters and more than 50 roles', () => {
    expect(
      refusal(ZInviteUserRequest, {
        email: 'ada@example.com',
        firstName: 'A'.repeat(81),
        lastName: 'Lovelace',
        roleIds: Array.from({ length: 51 }, () => roleId),
      }),
    ).toEqual({ firstName: 'must be at most 80 characters', roleIds: 'at most 50 roles' });
  });

  it('refuses a field it does not know, naming it, so a typo is not silently dropped', () => {
    expect(
      refusal(ZInviteUserRequest, { email: 'ada@example.com', firstName: 'A', lastName: 'L', role: 'admin' }),
    ).toEqual({ '': expect.stringContaining('"role"') });
  });

  it('takes only role ids for a user roles change', () => {
    expect(refusal(ZUserRolesRequest, { roleIds: ['Admin'] })).toHaveProperty(['roleIds.0']);
  });
});

describe('ZRoleInput and ZRoleUpdate', () => {
  it('accepts a role with known permissions', () => {
    expect(ZRoleInput.parse({ name: ' Dispatcher ', permissions: ['users:read', 'roles:read'] })).toEqual({
      name: 'Dispatcher',
      permissions: ['users:read', 'roles:read'],
    });
  });

  it('names an unknown permission by its position and a blank name', () => {
    expect(
      refusal(ZRoleInput, { name: ' ', permissions: ['users:read', 'users:delete-everything'] }),
    ).toEqual({
      name: 'is required',
      'permissions.1': 'is not a known permission',
    });
  });

  it('keeps to the name and description limits the form shows', () => {
    expect(
      refusal(ZRoleUpdate, {
        name: 'N'.repeat(roleRules.nameMaxLength + 1),
        description: 'D'.repeat(roleRules.descriptionMaxLength + 1),
      }),
    ).toEqual({
      name: `must be at most ${roleRules.nameMaxLength} characters`,
      description: `must be at most ${roleRules.descriptionMaxLength} characters`,
    });
    expect(ZRoleUpdate.parse({ name: 'N'.repeat(roleRules.nameMaxLength) }).name).toHaveLength(
      roleRules.nameMaxLength,
    );
  });
});

describe('ZUpdateCompanyRequest', () => {
  it('normalises codes and turns an emptied text into null', () => {
    expect(
      ZUpdateCompanyRequest.parse({
        operating_country: 'de',
        currency: 'eur ',
        short_name: '',
        name: ' Analytical ',
      }),
    ).toEqual({ operating_country: 'DE', currency: 'EUR', short_name: null, name: 'Analytical' });
  });

  it('names the malformed country and currency codes and the too-short name', () => {
    expect(refusal(ZUpdateCompanyRequest, { name: 'A', operating_country: 'DEU', currency: 'EURO' })).toEqual(
      {
        name: 'must be at least 2 characters',
        operating_country: 'must be a two-letter ISO country code',
        currency: 'must be a three-letter ISO currency code',
      },
    );
  });

  it('refuses a change of the plan, saying where it can be changed', () => {
    expect(refusal(ZUpdateCompanyRequest, { planName: 'Enterprise' })).toEqual({
      planName: 'The plan cannot be changed here; contact the Cargodesk support team',
    });
  });
});

describe('sign-up and two-factor limits', () => {
  it('refuses a company name of one character and a last name over 80', () => {
    expect(
      refusal(ZRegisterCompanyRequest, { companyName: 'A', firstName: 'Ada', lastName: 'L'.repeat(81) }),
    ).toEqual({ companyName: 'must be at least 2 characters', lastName: 'must be at most 80 characters' });
  });

  it('takes exactly the six digits of the mailed code', () => {
    expect(ZCodeAuthRequest.parse({ code: '012345' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456']) {
      expect(refusal(ZCodeAuthRequest, { code })).toEqual({
        code: 'must be the 6-digit code from the email',
      });
    }
  });
});

describe('picklistValueFromLabel', () => {
  it('makes a value in the key pattern from any label', () => {
    expect(picklistValueFromLabel("Reefer 40' High Cube")).toBe('reefer_40_high_cube');
    expect(picklistValueFromLabel('  Café & Bar  ')).toBe('cafe_bar');
    expect(picklistValueFromLabel('20ft box')).toBe('v_20ft_box');
    expect(picklistValueFromLabel('🚢')).toBe('');
    const long = picklistValueFromLabel('word '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(picklistRules.valueMaxLength);
    expect(long).toMatch(new RegExp(picklistRules.keyPattern));
  });
});

describe('uniquePicklistValueFromLabel', () => {
  it('numbers a value the picklist holds already, and never gives a reserved or empty one', () => {
    expect(uniquePicklistValueFromLabel('Rail operator', ['nvocc'])).toBe('rail_operator');
    expect(uniquePicklistValueFromLabel('Rail-operator', ['rail_operator'])).toBe('rail_operator_2');
    expect(uniquePicklistValueFromLabel('Rail operator', ['rail_operator', 'rail_operator_2'])).toBe(
      'rail_operator_3',
    );
    expect(uniquePicklistValueFromLabel('—', [])).toBe('value');
    expect(uniquePicklistValueFromLabel('🚢', ['value'])).toBe('value_2');
    expect(uniquePicklistValueFromLabel('Constructor', [])).toBe('constructor_2');
    const long = 'word '.repeat(30);
    const first = uniquePicklistValueFromLabel(long, []);
    const second = uniquePicklistValueFromLabel(long, [first]);
    expect(second).not.toBe(first);
    expect(second.length).toBeLessThanOrEqual(picklistRules.valueMaxLength);
    expect(second).toMatch(new RegExp(picklistRules.keyPattern));
  });
});

describe('every change schema', () => {
  // A change sends only what changes: a default on one of its fields would fill a field left out
  // and so change it (a renamed contact lost its roles and tags, a renamed tag turned blue).
  const changeSchemas = Object.entries(shared as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] =>
      /^Z\w*Update\w*$/.test(entry[0]) && typeof (entry[1] as z.ZodType).safeParse === 'function',
  );

  it('is found', () => {
    expect(changeSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ZContactUpdate', 'ZContactTagUpdate', 'ZRoleUpdate']),
    );
  });

  it.each(changeSchemas)('%s fills in nothing that was not sent', (_name, schema) => {
    const parsed = schema.safeParse({});
    if (parsed.success) expect(parsed.data).toEqual({});
  });
});
