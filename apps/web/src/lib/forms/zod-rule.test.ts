import { ZExchangeRateInput, ZInviteUserRequest, ZRoleInput, ZSendMailRequest } from '@cargodesk/shared';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule.ts';

// The rule as antd calls it: the validator's promise resolves for a valid value, else rejects.
const check = async (rule: RuleObject, value: unknown) => {
  const { validator } = rule;
  try {
    await validator?.(rule, value, () => {});
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('zodRule', () => {
  const name = zodRule(ZRoleInput.shape.name, { label: 'The name' });

  it('accepts what the schema accepts', async () => {
    expect(await check(name, 'Customs clerk')).toBe('ok');
    expect(await check(name, ` ${'N'.repeat(60)} `)).toBe('ok');
  });

  it("refuses with the schema's first message, after the label", async () => {
    expect(await check(name, 'N'.repeat(61))).toBe('The name must be at most 60 characters');
    expect(await check(name, '   ')).toBe('The name is required');
  });

  it('takes an untouched field as empty text', async () => {
    expect(await check(name, undefined)).toBe('The name is required');
  });

  it("capitalises the schema's message without a label", async () => {
    expect(await check(zodRule(ZRoleInput.shape.name), '')).toBe('Is required');
  });

  it('shows the given text for an issue code', async () => {
    const email = zodRule(ZInviteUserRequest.shape.email, {
      label: 'The email address',
      messages: { invalid_format: 'Please enter a valid email address.' },
    });
    expect(await check(email, 'not-an-address')).toBe('Please enter a valid email address.');
    expect(await check(email, `${'a'.repeat(250)}@example.com`)).toBe(
      'The email address must be at most 254 characters',
    );
    expect(await check(email, 'ada@example.com')).toBe('ok');
  });

  it('marks the field required only when the schema refuses an empty value', () => {
    expect(name.required).toBe(true);
    expect(zodRule(ZRoleInput.shape.description).required).toBe(false);
  });

  it("shows the required text for an empty field, and the schema's message otherwise", async () => {
    const rate = zodRule(ZExchangeRateInput.shape.rate, {
      label: 'The rate',
      requiredMessage: 'Please enter the rate.',
    });
    expect(await check(rate, null)).toBe('Please enter the rate.');
    expect(await check(rate, undefined)).toBe('Please enter the rate.');
    expect(await check(rate, 0)).toBe('The rate must be more than 0');
    expect(await check(rate, 1.25)).toBe('ok');
  });

  it('gives a message function the refused item of a list', async () => {
    const to = zodRule(ZSendMailRequest.shape.to, {
      requiredMessage: 'Add at least one recipient.',
      messages: { invalid_format: (address) => `"${String(address)}" is not an email address.` },
    });
    expect(await check(to, [])).toBe('Add at least one recipient.');
    expect(await check(to, ['ada@example.com', 'ops@harbour'])).toBe(
      '"ops@harbour" is not an email address.',
    );
    expect(await check(to, ['ada@example.com'])).toBe('ok');
  });
});
