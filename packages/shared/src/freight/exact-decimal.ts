// Exact decimal arithmetic for money (docs/decisions/043-shipments-model.md, charges): a decimal
// string becomes an integer at a fixed scale (BigInt), products are exact, and a result is rounded
// once, half away from zero, to the minor units of its currency. No floating point anywhere.

const plainDecimal = /^(-)?(\d+)(?:\.(\d+))?$/;

/** `text` ("12.5") as an integer scaled by 10^scale (12.5 at scale 2 is 1250n); it may not hold more decimals. */
export const toScaled = (text: string, scale: number): bigint => {
  const match = plainDecimal.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new Error(`${text} has more than ${scale} decimals`);
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign ? -value : value;
};

/** `value` divided by 10^places, rounded half away from zero. */
export const shiftRounded = (value: bigint, places: number): bigint => {
  if (places <= 0) return value * 10n ** BigInt(-places);
  const divisor = 10n ** BigInt(places);
  const magnitude = value < 0n ? -value : value;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return value < 0n ? -rounded : rounded;
};

/** An integer scaled by 10^scale as a decimal string with exactly `scale` decimals (1250n, 2 → "12.50"). */
export const formatScaled = (value: bigint, scale: number): string => {
  const magnitude = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - scale);
  const fraction = magnitude.slice(magnitude.length - scale);
  return `${value < 0n ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
};

/** A decimal string without trailing zeros ("0.9200000000" → "0.92", "1.000" → "1"). */
export const trimDecimal = (text: string) =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
