// Countries and currencies settings (master): plain constants the web app may import (no zod).

export const exchangeRateRules = {
  /** 1 unit of the currency is `rate` units of the base currency. */
  rateMin: 0.0000000001,
  rateMax: 1_000_000_000_000,
  maxDecimals: 10,
  datePattern: '^\\d{4}-\\d{2}-\\d{2}$',
} as const;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export const isIsoDate = (value: string) => {
  if (!new RegExp(exchangeRateRules.datePattern).test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};
