import { hiddenAuditPart } from '@cargodesk/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent, describeSubject, labelOf, listFieldChanges } from './describe-change.ts';

const ada = { userId: 'u1', email: 'ada@example.com', apiToken: null, name: 'Ada King' };

describe('describeEvent', () => {
  it('says who changed which field from what to what, one sentence per field', () => {
    expect(
      describeEvent({
        action: 'update',
        actor: ada,
        entityType: 'user',
        before: { _id: 'u2', lastName: 'Lovelace', name: 'Ada Lovelace', firstName: 'Ada', phone: null },
        after: { _id: 'u2', lastName: 'King', name: 'Ada King', firstName: 'Ada', phone: '+44 20 7946 0000' },
      }),
    ).toEqual([
      'Ada King changed the last name from “Lovelace” to “King”.',
      'Ada King set the phone to “+44 20 7946 0000”.',
    ]);
  });

  it('names roles that were added and removed, never their ids or JSON', () => {
    expect(
      describeEvent({
        action: 'role-change',
        actor: ada,
        entityType: 'user',
        before: { roles: [{ _id: 'r1', name: 'Admin' }] },
        after: { roles: [{ _id: 'r2', name: 'Viewer' }] },
      }),
    ).toEqual(['Ada King added “Viewer” to the roles and removed “Admin” from the roles.']);
  });

  it('reads nested fields, switches and file ids as words', () => {
    const sentences = describeEvent({
      action: 'update',
      actor: ada,
      entityType: 'company',
      before: { address: { city: 'Hamburg' }, isActive: false, logoFileId: null },
      after: {
        address: { city: 'Rotterdam' },
        isActive: true,
        logoFileId: '0190f3a2-1c2b-7c3d-8e4f-5a6b7c8d9e0f',
      },
    });
    expect(sentences).toEqual([
      'Ada King changed the address city from “Hamburg” to “Rotterdam”.',
      'Ada King turned active on.',
      'Ada King added the logo.',
    ]);
    expect(sentences.join(' ')).not.toMatch(/[{}]|0190f3a2/);
  });

  it('tells what was done when no field tells it, falling back to the email and then the system', () => {
    expect(
      describeEvent({
        action: 'sign-in',
        actor: { ...ada, name: null },
        entityType: 'session',
        before: null,
        after: null,
      }),
    ).toEqual(['ada@example.com signed in.']);
    expect(
      describeEvent({
        action: 'create',
        actor: { userId: null, email: null, apiToken: null, name: null },
        entityType: 'picklist-value',
        before: null,
        after: { name: 'Reefer' },
      }),
    ).toEqual(['The system created this picklist value.']);
    expect(
      describeEvent({
        action: 'create',
        actor: { ...ada, apiToken: { id: 't1', name: 'Nightly sync' } },
        entityType: 'group',
        before: null,
        after: { name: 'Bots' },
      })[0],
    ).toMatch(/^Ada King \(API token “Nightly sync”\) created this group/);
  });
});

describe('labelOf', () => {
  it('turns field paths into words', () => {
    expect(labelOf('phoneNumber')).toBe('phone number');
    expect(labelOf('address.postalCode')).toBe('address postal code');
    expect(labelOf('minorUnits')).toBe('decimals');
    expect(labelOf('countryId')).toBe('country');
  });
});

describe('the audit log away from the entity', () => {
  const permissionChange = {
    action: 'permission-change',
    actor: { userId: 'u1', email: 'ada@example.com', apiToken: null, name: 'Ada Lovelace' },
    entityType: 'role',
    before: { name: 'Dispatcher', permissions: ['contacts:read'] },
    after: { name: 'Dispatcher', permissions: ['contacts:read', 'contacts:write'] },
  };

  it('names the entity the event is about', () => {
    const subject = describeSubject(permissionChange);
    expect(subject).toBe('the role “Dispatcher”');
    expect(describeEvent(permissionChange, { subject })).toEqual([
      'Ada Lovelace changed the role “Dispatcher”: added “contacts:write” to the permissions.',
    ]);
    expect(describeSubject({ entityType: 'session', before: null, after: null })).toBe('a session');
    // The article follows the noun's sound, and codes become the words people say.
    const unnamed = (entityType: string) =>
      describeSubject({ entityType, before: null, after: { rate: '1.1' } });
    expect(
      [
        'exchange-rate',
        'announcement',
        'issue-comment',
        'api-token',
        'audit-trail',
        'user',
        'sso-config',
      ].map(unnamed),
    ).toEqual([
      'an exchange rate',
      'an announcement',
      'a comment on a reported problem',
      'an API token',
      'an audit log',
      'a user',
      'a single sign-on setup',
    ]);
    expect(
      describeEvent(
        { action: 'create', actor: ada, entityType: 'exchange-rate', before: null, after: { rate: '1.1' } },
        { subject: unnamed('exchange-rate') },
      ),
    ).toEqual(['Ada King created an exchange rate.']);
    expect(describeSubject({ entityType: 'user', before: null, after: null }, 'Grace Hopper')).toBe(
      'the user “Grace Hopper”',
    );
  });

  it('says what security events, exports and platform reads were', () => {
    const base = {
      actor: {
        userId: null,
        email: 'ops@cargodesk.test (platform administrator)',
        apiToken: null,
        name: null,
      },
    };
    expect(
      describeEvent({
        ...base,
        action: 'view',
        entityType: 'company',
        before: null,
        after: { viewed: 'users' },
      }),
    ).toEqual([
      "ops@cargodesk.test (platform administrator) read the company's users in the platform console.",
    ]);
    expect(
      describeEvent({
        ...base,
        action: 'export',
        entityType: 'audit-trail',
        before: null,
        after: { filter: {} },
      }),
    ).toEqual(['ops@cargodesk.test (platform administrator) exported the audit log as CSV.']);
  });

  it('lists each changed field with its value before and after, ids as they are', () => {
    expect(listFieldChanges(permissionChange)).toEqual([
      {
        path: 'permissions',
        label: 'permissions',
        before: 'contacts:read',
        after: 'contacts:read, contacts:write',
      },
    ]);
    expect(
      listFieldChanges({
        before: null,
        after: { filter: { action: 'sign-in-failed', actorUserId: '0190f3a2-1c2b-7c3d-8e4f-5a6b7c8d9e0f' } },
      }),
    ).toEqual([
      { path: 'filter.action', label: 'filter action', before: '', after: 'sign-in-failed' },
      {
        path: 'filter.actorUserId',
        label: 'filter actor user',
        before: '',
        after: '0190f3a2-1c2b-7c3d-8e4f-5a6b7c8d9e0f',
      },
    ]);
  });

  it('says a part the reader may not see changed, without showing it or its marker', () => {
    const hidden = hiddenAuditPart('charges:read');
    const chargesReplaced = {
      action: 'update',
      actor: ada,
      entityType: 'shipment',
      before: { charges: hidden },
      after: { charges: hidden },
    };
    const sentences = [
      ...describeEvent(chargesReplaced),
      ...describeEvent(chargesReplaced, { subject: 'the shipment “SE-2026-00001”' }),
    ];
    expect(sentences).toEqual([
      'Ada King changed the charges (details hidden: they need the charges:read permission).',
      'Ada King changed the shipment “SE-2026-00001”: changed the charges (details hidden: they need the charges:read permission).',
    ]);
    expect(sentences.join(' ')).not.toMatch(/isHidden|[{}]/);
    expect(listFieldChanges(chargesReplaced)).toEqual([
      {
        path: 'charges',
        label: 'charges',
        before: 'hidden (needs the charges:read permission)',
        after: 'hidden (needs the charges:read permission)',
      },
    ]);
  });
});
