import type { TChargeLine } from '@cargodesk/shared';
import { describe, expect, it } from 'vitest';
import {
  chargeCodeLabelOf,
  chargeCodeOptionsOf,
  chargesInputOf,
  currencyOptionsOf,
  decimalTextOf,
  lineValuesOf,
  moneyText,
} from './charge-lines.ts';

const codes = [
  { value: 'OFR', label: 'Ocean freight', order: 1 },
  { value: 'THC-O', label: 'Terminal handling, origin', order: 2 },
];

describe('decimalTextOf', () => {
  it('takes a decimal comma as the point', () => {
    expect(decimalTextOf(' 125,50 ')).toBe('125.50');
    expect(decimalTextOf('125.50')).toBe('125.50');
  });

  it('leaves text with both separators for the check to refuse', () => {
    expect(decimalTextOf('1,234.50')).toBe('1,234.50');
  });
});

describe('chargesInputOf', () => {
  it('sends the lines in their order, decimals as the API writes them', () => {
    expect(
      chargesInputOf([
        {
          side: 'sell',
          chargeCode: 'OFR',
          description: '  ',
          partyId: 'p1',
          quantity: '2',
          unit: 'container',
          unitPrice: '1500,5',
          currency: 'EUR',
          date: '2026-03-01',
        },
        { side: 'buy', unit: 'shipment' },
      ]),
    ).toEqual({
      lines: [
        {
          side: 'sell',
          chargeCode: 'OFR',
          description: '',
          partyId: 'p1',
          quantity: '2',
          unit: 'container',
          unitPrice: '1500.5',
          currency: 'EUR',
          date: '2026-03-01',
        },
        {
          side: 'buy',
          chargeCode: '',
          description: '',
          partyId: '',
          quantity: '',
          unit: 'shipment',
          unitPrice: '',
          currency: '',
          date: '',
        },
      ],
    });
  });

  it('edits a line the server sent as it was written', () => {
    const line: TChargeLine = {
      side: 'buy',
      chargeCode: 'THC-O',
      description: 'Quay',
      party: { _id: 'p2', name: 'Quay Terminals' },
      quantity: '1',
      unit: 'shipment',
      unitPrice: '250',
      currency: 'USD',
      date: '2026-03-01',
      amount: '250.00',
      exchangeRate: { rate: '0.9', baseCurrency: 'EUR', effectiveDate: '2026-01-01' },
      baseAmount: '225.00',
    };
    expect(chargesInputOf([lineValuesOf(line)]).lines[0]).toEqual({
      side: 'buy',
      chargeCode: 'THC-O',
      description: 'Quay',
      partyId: 'p2',
      quantity: '1',
      unit: 'shipment',
      unitPrice: '250',
      currency: 'USD',
      date: '2026-03-01',
    });
  });
});

describe('charge codes', () => {
  it('reads a code with its label, or alone once the list dropped it', () => {
    expect(chargeCodeLabelOf('OFR', codes)).toBe('OFR – Ocean freight');
    expect(chargeCodeLabelOf('OLD', codes)).toBe('OLD');
  });

  it('offers the active codes and the ones the lines already have', () => {
    expect(chargeCodeOptionsOf(codes, ['OFR', 'OLD', 'OLD']).map((option) => option.value)).toEqual([
      'OFR',
      'THC-O',
      'OLD',
    ]);
  });
});

describe('currencyOptionsOf', () => {
  it('adds the base and the lines’ currencies the list does not have, once', () => {
    expect(
      currencyOptionsOf([{ code: 'EUR', name: 'Euro' }], ['EUR', 'JPY', 'JPY', null]).map(
        (option) => option.label,
      ),
    ).toEqual(['EUR – Euro', 'JPY']);
  });
});

describe('moneyText', () => {
  const formatDecimalText = (text: string) => text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  it('writes the amount exactly, with the currency code', () => {
    expect(moneyText(formatDecimalText, '1234.50', 'EUR')).toBe('1,234.50 EUR');
    expect(moneyText(formatDecimalText, '-80.00', 'EUR')).toBe('-80.00 EUR');
  });
});
