import { describe, expect, it } from 'vitest';
import {
  dcsaEquipmentEventCodes,
  dcsaEventClassifiers,
  dcsaEventLabel,
  dcsaShipmentEventCodes,
  dcsaTransportEventCodes,
} from './dcsa-events.ts';
import { iataStatusCodes, iataStatuses, isIataStatusCode } from './iata-status.ts';

describe('IATA status codes', () => {
  it('has the status codes from booking to delivery and the discrepancy', () => {
    for (const code of [
      'BKD',
      'RCS',
      'MAN',
      'DEP',
      'ARR',
      'RCF',
      'NFD',
      'AWD',
      'DLV',
      'DDL',
      'CCD',
      'TRM',
      'DIS',
    ])
      expect(isIataStatusCode(code), code).toBe(true);
    expect(iataStatuses.RCF.label).toBe('Received from flight');
    expect(isIataStatusCode('XXX')).toBe(false);
    expect(new Set(iataStatusCodes.map((code) => iataStatuses[code].label)).size).toBe(
      iataStatusCodes.length,
    );
  });
});

describe('DCSA Track & Trace codes', () => {
  it('has the classifiers and the event codes of each type', () => {
    expect(Object.keys(dcsaEventClassifiers)).toEqual(['PLN', 'EST', 'ACT']);
    expect(Object.keys(dcsaTransportEventCodes)).toEqual(['ARRI', 'DEPA']);
    const equipment22 = Object.entries(dcsaEquipmentEventCodes)
      .filter(([, code]) => code.since === '2.2')
      .map(([key]) => key);
    expect(equipment22.sort()).toEqual([
      'DISC',
      'DROP',
      'GTIN',
      'GTOT',
      'INSP',
      'LOAD',
      'PICK',
      'RMVD',
      'RSEA',
      'STRP',
      'STUF',
    ]);
    for (const code of [
      'RECE',
      'DRFT',
      'PENA',
      'PENU',
      'REJE',
      'APPR',
      'ISSU',
      'SURR',
      'SUBM',
      'VOID',
      'CONF',
      'REQS',
      'CMPL',
      'HOLD',
      'RELS',
      'DECL',
      'CANC',
    ])
      expect(code in dcsaShipmentEventCodes, code).toBe(true);
  });

  it('labels a code within its event type only', () => {
    expect(dcsaEventLabel('EQUIPMENT', 'GTOT')).toBe('Gated out');
    expect(dcsaEventLabel('TRANSPORT', 'DEPA')).toBe('Departed');
    expect(dcsaEventLabel('SHIPMENT', 'CONF')).toBe('Confirmed');
    expect(dcsaEventLabel('TRANSPORT', 'GTOT')).toBeUndefined();
    expect(dcsaEventLabel('EQUIPMENT', 'toString')).toBeUndefined();
  });
});
