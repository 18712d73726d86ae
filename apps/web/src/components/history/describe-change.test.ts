import { describe, expect, it } from 'vitest';
import { describeAction, describeFieldChanges } from './describe-change.ts';

describe('describeFieldChanges', () => {
  it('lists only the fields whose values differ, sorted', () => {
    expect(
      describeFieldChanges({
        before: { _id: 'u1', lastName: 'Lovelace', firstName: 'Ada', phone: null },
        after: { _id: 'u1', lastName: 'King', firstName: 'Ada', phone: '+44 20 7946 0000' },
      }),
    ).toEqual([
      { field: 'lastName', before: 'Lovelace', after: 'King' },
      { field: 'phone', before: '—', after: '+44 20 7946 0000' },
    ]);
  });

  it('shows a create as every field from nothing and lists as comma-separated values', () => {
    expect(
      describeFieldChanges({
        before: null,
        after: { name: 'Ops', permissions: ['users:read', 'roles:read'] },
      }),
    ).toEqual([
      { field: 'name', before: '—', after: 'Ops' },
      { field: 'permissions', before: '—', after: 'users:read, roles:read' },
    ]);
  });

  it('has nothing to list for events without a before or after', () => {
    expect(describeFieldChanges({ before: null, after: null })).toEqual([]);
  });
});

describe('describeAction', () => {
  it('names known actions in words and passes unknown ones through', () => {
    expect(describeAction('sign-in-failed')).toBe('Failed sign-in (wrong password)');
    expect(describeAction('archived')).toBe('archived');
  });
});
