// The contact form's lists of lines (e-mails, phones, addresses): a line left wholly blank is not
// part of the contact, so it is neither checked nor sent.

export type TLineListName = 'emails' | 'phones' | 'addresses';

type TLine = Record<string, unknown>;

/** A line with nothing typed or chosen in it. */
export const isBlankLine = (line: TLine | undefined) =>
  Object.values(line ?? {}).every(
    (value) => value === undefined || value === null || String(value).trim() === '',
  );

/** The lines that are sent: every one that is not blank. */
export const filledLines = <T extends TLine>(lines: T[] | undefined) =>
  (lines ?? []).filter((line) => !isBlankLine(line));

const isLineListName = (name: string | undefined): name is TLineListName =>
  name === 'emails' || name === 'phones' || name === 'addresses';

/**
 * A server field ("emails.0.address") as the form names it (['emails', 0, 'address']). The server
 * counts only the lines sent, so its index becomes the line's place among the blank ones too.
 */
export const fieldPathOf = (field: string, lists: Partial<Record<TLineListName, TLine[]>>) => {
  const parts = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [list, index, ...rest] = parts;
  if (typeof list !== 'string' || !isLineListName(list) || typeof index !== 'number') return parts;
  const sentPlaces = (lists[list] ?? []).flatMap((line, place) => (isBlankLine(line) ? [] : [place]));
  return [list, sentPlaces[index] ?? index, ...rest];
};
