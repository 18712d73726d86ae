// An event's time is typed as the place's clock shows it (decision 048): a departure from
// Rotterdam at 06:30 is 06:30 in Rotterdam, wherever the person typing it sits. These turn an
// instant into that wall clock and back, for an `<input type="datetime-local">` (YYYY-MM-DDTHH:mm).

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** A zone this browser knows, else the browser's own (undefined). */
const knownZone = (zone: string | null | undefined) => {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
};

const wallClockOf = (zone: string | undefined) => {
  const key = zone ?? '';
  let format = wallClocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallClocks.set(key, format);
  }
  return format;
};

/** The zone's wall clock at an instant, read as if it were UTC, in epoch milliseconds (to the minute). */
const wallClockAt = (at: number, zone: string | undefined) => {
  const parts = Object.fromEntries(
    wallClockOf(zone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-03-02T06:30`: the instant on the place's clock (the browser's when the zone is unknown). */
export const localMinuteOf = (iso: string | Date, zone: string | null | undefined) => {
  const wall = new Date(wallClockAt(new Date(iso).getTime(), knownZone(zone)));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}`;
};

/** The instant a place's clock shows `local` at, as ISO 8601; undefined for text that is no time. */
export const instantOfLocalMinute = (local: string, zone: string | null | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number);
  const wanted = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const known = knownZone(zone);
  // The offset at a first guess, then again at the answer: right on both sides of a clock change.
  let at = wanted - (wallClockAt(wanted, known) - wanted);
  at = wanted - (wallClockAt(at, known) - at);
  return new Date(at).toISOString();
};
