/** `text` with LIKE's wildcards escaped: `%`, `_` and `\` typed into a search box are searched for as such. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE / ILIKE pattern that finds `text` anywhere in a value. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
