import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/024-user-formatting-preferences.md: every date, time, number and amount on screen is
// written by lib/format, with the user's language, time zone and formats. A direct call of the
// browser's formatting would write in the browser's way instead, and would not change when the user
// changes their preferences.

// import.meta.dirname: the test page's URL is happy-dom's, not this file's.
const sourceDir = join(import.meta.dirname, '..');
const formatModule = /^lib\/format\//;

const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
  .map((name) => name.replaceAll('\\', '/'))
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => ({ name, text: readFileSync(join(sourceDir, name), 'utf8') }));

const directFormatting =
  /\.toLocale(?:Date|Time)?String\(|\bIntl\s*\.\s*(?:DateTimeFormat|NumberFormat|RelativeTimeFormat)\b|\bdayjs\b|from ['"](?:dayjs|moment|date-fns)/;

describe('the formatting convention', () => {
  it('finds the sources and the formatting module', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((source) => formatModule.test(source.name))).toBe(true);
  });

  it('formats dates and numbers only in lib/format', () => {
    const offenders = sources
      .filter((source) => !formatModule.test(source.name))
      .flatMap((source) =>
        source.text
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => directFormatting.test(line))
          .map(({ line, index }) => `${source.name}:${index + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('turns days into instants only in lib/format, in the user’s time zone', () => {
    // `${day}T00:00:00` without a zone is read in the browser's zone, not the one in App settings.
    const browserZoneDay = /\}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?`|\.getTimezoneOffset\(/;
    const offenders = sources
      .filter((source) => !formatModule.test(source.name))
      .filter((source) => browserZoneDay.test(source.text))
      .map((source) => source.name);
    expect(offenders).toEqual([]);
  });

  it('has components take the formatter from useFormat(), so a change of preferences re-renders them', () => {
    const offenders = sources
      .filter(
        (source) => source.name.endsWith('.tsx') && /lib\/format\/format-store\.ts['"]/.test(source.text),
      )
      .filter((source) => {
        const imported =
          /import \{([^}]*)\} from '[./]*lib\/format\/format-store\.ts'/.exec(source.text)?.[1] ?? '';
        const names = imported
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        return names.some((name) => name !== 'useFormat') || !/\buseFormat\(\)/.test(source.text);
      })
      .map((source) => source.name);
    expect(offenders).toEqual([]);
  });
});
