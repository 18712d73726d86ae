import { ZSendMailRequest } from '@cargodesk/shared';

// What a recipients field turns typed or pasted text into. An address book line ("Dana Smith
// <dana@client.test>") is the one address in its brackets; a pasted run of addresses separated by
// spaces is each of them; anything else stays one entry, however many words it has, so a mistake
// shows as one flagged chip instead of a chip per word.

const addressSchema = ZSendMailRequest.shape.to.element;

/** Whether the server takes `text` as an address. */
export const isMailAddress = (text: string) => addressSchema.safeParse(text).success;

const bracketed = /<([^<>\s]+)>\s*$/;

/** The addresses one entry of the field stands for. */
export const addressesIn = (entry: string): string[] => {
  const text = entry.trim();
  if (!text) return [];
  const inBrackets = text.match(bracketed)?.[1];
  if (inBrackets) return [inBrackets];
  const words = text.split(/\s+/);
  return words.length > 1 && words.every(isMailAddress) ? words : [text];
};

/** The field's entries as addresses, each once, in the order given. */
export const normaliseAddresses = (entries: string[]) => [...new Set(entries.flatMap(addressesIn))];

/** The names written beside bracketed addresses ("Dana Smith" <dana@client.test>), by address. */
export const namesIn = (entries: string[]) =>
  entries.flatMap((entry) => {
    const match = entry.trim().match(/^"?([^"<>]*?)"?\s*<([^<>\s]+)>\s*$/);
    const name = match?.[1]?.trim();
    return match?.[2] && name ? [[match[2], name] as const] : [];
  });
