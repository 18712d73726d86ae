// "Arriving this week": Monday 00:00 to the next Monday 00:00 in the company's time zone.

const offsetMinutesAt = (at: Date, timezone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
};

const validZone = (timezone: string | null | undefined) => {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
};

/** The instant a local midnight falls on: the zone's offset taken at that midnight, not at `now`. */
const localMidnight = (dayUtc: number, timezone: string) => {
  const guess = dayUtc - offsetMinutesAt(new Date(dayUtc), timezone) * 60_000;
  return new Date(dayUtc - offsetMinutesAt(new Date(guess), timezone) * 60_000);
};

/** The week holding `now` in `timezone` (UTC when unknown), Monday to Monday. */
export const weekAround = (now: Date, timezone: string | null | undefined) => {
  const zone = validZone(timezone);
  const local = new Date(now.getTime() + offsetMinutesAt(now, zone) * 60_000);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const monday = today - ((local.getUTCDay() + 6) % 7) * 86_400_000;
  return { from: localMidnight(monday, zone), to: localMidnight(monday + 7 * 86_400_000, zone) };
};
