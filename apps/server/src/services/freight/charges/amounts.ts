import { chargeRules, formatScaled, shiftRounded, toScaled } from '@cargodesk/shared';

// A charge line's amounts and a shipment's totals, exact: decimal strings become integers at a
// fixed scale and each amount is rounded once, half away from zero, to its currency's minor units.

const rateDecimals = 10;

export type TAmountLine = {
  side: 'buy' | 'sell';
  quantity: string;
  unitPrice: string;
  rate: string;
  /** Minor units of the line's currency and of the snapshot's base currency. */
  minorUnits: number;
  baseMinorUnits: number;
};

/**
 * quantity × unit price in the line's currency (rounded to its minor units), and that amount at the
 * line's rate in the base currency (rounded to the base's minor units): the amount an invoice in
 * the line's currency shows is the one converted.
 */
export const lineAmounts = (line: TAmountLine) => {
  const exact =
    toScaled(line.quantity, chargeRules.quantityDecimals) *
    toScaled(line.unitPrice, chargeRules.unitPriceDecimals);
  const amount = shiftRounded(
    exact,
    chargeRules.quantityDecimals + chargeRules.unitPriceDecimals - line.minorUnits,
  );
  const baseAmount = shiftRounded(
    amount * toScaled(line.rate, rateDecimals),
    line.minorUnits + rateDecimals - line.baseMinorUnits,
  );
  return { amount, baseAmount };
};

/** Revenue (sell), cost (buy), margin and margin % from base amounts in base minor units. */
export const totalsOf = (lines: { side: 'buy' | 'sell'; baseAmount: bigint }[], baseMinorUnits: number) => {
  const sum = (side: 'buy' | 'sell') =>
    lines.filter((line) => line.side === side).reduce((total, line) => total + line.baseAmount, 0n);
  const revenue = sum('sell');
  const cost = sum('buy');
  const margin = revenue - cost;
  return {
    revenue: formatScaled(revenue, baseMinorUnits),
    cost: formatScaled(cost, baseMinorUnits),
    margin: formatScaled(margin, baseMinorUnits),
    // margin ÷ revenue × 100 to two decimals: ×10^4 before the division, rounded half away from zero.
    marginPercent: revenue === 0n ? null : formatScaled(roundedQuotient(margin * 10_000n, revenue), 2),
  };
};

const roundedQuotient = (numerator: bigint, denominator: bigint) => {
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
};
