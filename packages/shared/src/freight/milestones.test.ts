import { describe, expect, it } from 'vitest';
import { ZShipmentEventInput } from '../shipment-events.ts';
import {
  isEquipmentCode,
  isPlaceOptional,
  milestoneCodeOf,
  milestoneCodesOfMode,
  milestoneFactsOf,
  milestoneSteps,
} from './milestones.ts';

describe('milestone vocabulary', () => {
  it('gives sea shipments the DCSA codes and air shipments the IATA codes', () => {
    const sea = milestoneCodesOfMode('sea').map((entry) => entry.code);
    const air = milestoneCodesOfMode('air').map((entry) => entry.code);
    for (const code of ['ARRI', 'DEPA', 'GTIN', 'LOAD', 'DISC', 'AVPU', 'CUSR', 'RECE', 'CONF', 'HOLD'])
      expect(sea, code).toContain(code);
    for (const code of ['BKD', 'RCS', 'MAN', 'DEP', 'ARR', 'RCF', 'NFD', 'AWD', 'DLV'])
      expect(air, code).toContain(code);
    expect(sea.filter((code) => air.includes(code))).toEqual([]);
    expect(milestoneCodeOf('DEPA')).toMatchObject({ eventType: 'TRANSPORT', label: 'Departed' });
    expect(milestoneCodeOf('RCF')).toMatchObject({ eventType: 'AIR', label: 'Received from flight' });
    expect(milestoneCodeOf('toString')).toBeUndefined();
  });

  it('asks a container of equipment events only, and a place of all but shipment events', () => {
    expect(isEquipmentCode('LOAD')).toBe(true);
    expect(isEquipmentCode('DEPA')).toBe(false);
    expect(isEquipmentCode('DEP')).toBe(false);
    expect(isPlaceOptional('CONF')).toBe(true);
    expect(isPlaceOptional('ARRI')).toBe(false);
  });

  it('names each mode’s steps by codes of that mode', () => {
    for (const mode of ['sea', 'air'] as const)
      for (const step of milestoneSteps[mode]) expect(milestoneCodeOf(step.code)?.mode, step.code).toBe(mode);
  });
});

describe('milestone facts', () => {
  it('reaches the furthest step actually done, whatever order the events came in', () => {
    expect(milestoneFactsOf([])).toEqual({ furthest: null, isOnHold: false });
    expect(
      milestoneFactsOf([
        { code: 'ARRI', eventAt: '2026-03-10T08:00:00Z' },
        { code: 'LOAD', eventAt: '2026-03-12T08:00:00Z' },
        { code: 'CUSR', eventAt: '2026-03-13T08:00:00Z' },
      ]).furthest,
    ).toBe('arrived');
    expect(milestoneFactsOf([{ code: 'DDL', eventAt: '2026-03-10T08:00:00Z' }]).furthest).toBe('delivered');
  });

  it('is on hold while the latest hold or release is a hold', () => {
    const hold = { code: 'HOLD', eventAt: '2026-03-10T08:00:00Z' };
    expect(milestoneFactsOf([hold]).isOnHold).toBe(true);
    expect(milestoneFactsOf([hold, { code: 'RELS', eventAt: '2026-03-11T08:00:00Z' }]).isOnHold).toBe(false);
    expect(milestoneFactsOf([{ code: 'RELS', eventAt: '2026-03-09T08:00:00Z' }, hold]).isOnHold).toBe(true);
    expect(milestoneFactsOf([hold, { code: 'RELS', eventAt: hold.eventAt }]).isOnHold).toBe(false);
  });
});

describe('event input', () => {
  it('upper-cases the code and place and checks the container number', () => {
    expect(
      ZShipmentEventInput.parse({
        code: 'load',
        classifier: 'ACT',
        eventAt: '2026-03-10T08:00:00+01:00',
        location: 'nlrtm',
        containerNumber: 'MSKU 907032-3',
      }),
    ).toMatchObject({ code: 'LOAD', location: 'NLRTM', containerNumber: 'MSKU9070323' });
    const refused = ZShipmentEventInput.safeParse({ code: 'XXXX', classifier: 'NOW', eventAt: 'soon' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'classifier',
      'code',
      'eventAt',
    ]);
  });
});
