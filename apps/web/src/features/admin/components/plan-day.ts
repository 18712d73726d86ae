/**
 * A company's plan runs until the end of its last day in UTC (the server keeps 23:59:59.999Z):
 * that day as YYYY-MM-DD, a calendar day to write with `formatDay`. Read as a moment in the
 * reader's time zone it would be the next day east of UTC.
 */
export const planLastDayOf = (planExpiresAt: string) => planExpiresAt.slice(0, 10);
