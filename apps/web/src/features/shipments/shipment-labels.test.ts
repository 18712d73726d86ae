import { describe, expect, it } from 'vitest';
import {
  formFieldOf,
  incotermOptionsFor,
  isFinalMove,
  loadTypeOptionsFor,
  placeCodeOf,
  placeKindOf,
} from './shipment-labels.ts';

describe('the shipment screens’ rules', () => {
  it('offers only the Incoterms rules a mode allows, with their names', () => {
    const sea = incotermOptionsFor('sea').map((option) => option.value);
    const air = incotermOptionsFor('air').map((option) => option.value);
    expect(sea).toContain('FOB');
    expect(air).not.toContain('FOB');
    expect(air).not.toContain('CIF');
    expect(air).toContain('FCA');
    expect(incotermOptionsFor('sea').find((option) => option.value === 'FOB')?.label).toBe(
      'FOB – Free On Board',
    );
  });

  it('offers the load types of the mode', () => {
    expect(loadTypeOptionsFor('sea').map((option) => option.value)).toEqual(['fcl', 'lcl', 'break-bulk']);
    expect(loadTypeOptionsFor('air').map((option) => option.value)).toEqual(['loose', 'uld']);
  });

  it('names places by UN/LOCODE for ports and IATA code for airports', () => {
    expect(placeKindOf('sea')).toBe('oceanport');
    expect(placeKindOf('air')).toBe('airport');
    expect(placeCodeOf({ kind: 'oceanport', code: 'NLRTM', iataCode: null })).toBe('NLRTM');
    expect(placeCodeOf({ kind: 'airport', code: 'EHAM', iataCode: 'AMS' })).toBe('AMS');
    expect(placeCodeOf({ kind: 'airport', code: 'XAB', iataCode: null })).toBe('XAB');
  });

  it('lands a refusal of a party on its picker and any other on its own field', () => {
    expect(formFieldOf('parties.customer.organisationId')).toBe('customerId');
    expect(formFieldOf('parties.shipper.personId')).toBe('shipperPersonId');
    expect(formFieldOf('airWaybillNumber')).toBe('airWaybillNumber');
  });

  it('asks before a final move only', () => {
    expect(isFinalMove('CANCELLED')).toBe(true);
    expect(isFinalMove('DECLINED')).toBe(true);
    expect(isFinalMove('CONFIRMED')).toBe(false);
  });
});
