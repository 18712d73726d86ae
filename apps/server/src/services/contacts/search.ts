import { distance } from 'fastest-levenshtein';
import type { Queryable } from '../../db/client.ts';
import type { TContactSearch, TSearchTerm } from './repository.ts';
import { findWordsLike, findWordsStartingWith, useMisspellingSimilarity } from './words-repository.ts';

// What a search box's text means for the contacts list (docs/decisions/015-contact-search-by-words.md).
// A text with a digit is a piece of a phone, an e-mail or a tax number, found anywhere in a contact.
// Otherwise each word typed must begin a word of the contact; when no contact has them all, a word
// may instead be a few letters off one ("Mersk" for Maersk): the closest such words, one letter off
// before two. Misspellings are looked up in the
// company's dictionary of words (a few thousand), never across a million contacts.

/** Words of a search read; the rest are left out, so a long text costs a few lookups, not a hundred. */
export const searchWordsMax = 8;
/** How many words a typed one may stand for: its start, with up to this many longer words. */
const prefixWordsMax = 1_000;
/** How many dictionary words like a typed one are weighed by their edits. */
const nearCandidatesMax = 200;

/** Edits a typed word may be off: none up to two letters, one up to five, two beyond. */
export const editsAllowed = (word: string) => (word.length < 3 ? 0 : word.length < 6 ? 1 : 2);

/** The words of a search, split at spaces and punctuation as the database splits a contact's. */
export const searchWordsOf = (q: string) =>
  q
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => word !== '');

/** The digits of a phone as typed: "+49 (40) 123" is searched as 4940123 as well. */
const digitsOf = (q: string) => q.replace(/\D/g, '');

/**
 * The search `q` for the company, as the reading to try `first` and the one to fall back on when
 * it finds no contact: the plain reading first and, when a misspelling could find more, the reading
 * that forgives one. When a word typed begins no word of the dictionary, the plain reading can find
 * none, and the forgiving one is tried first.
 */
export const resolveContactSearch = async (
  db: Queryable,
  companyId: string,
  q: string,
): Promise<{ first: TContactSearch; fallback: TContactSearch | null }> => {
  const lowered = q.trim().toLowerCase();
  if (/\d/.test(lowered)) {
    const digits = digitsOf(lowered);
    const pieces = digits.length >= 3 && digits !== lowered ? [lowered, digits] : [lowered];
    return { first: { kind: 'text', pieces }, fallback: null };
  }
  const typed = [...new Set(searchWordsOf(lowered))].slice(0, searchWordsMax);
  if (typed.length === 0) return { first: { kind: 'text', pieces: [lowered] }, fallback: null };
  // Every word's lookups are sent at once, behind the similarity setting they read: on PostgreSQL
  // they leave in one write and cost one round trip (platform/data-access/tenant-transaction.ts).
  const similarity = typed.some((word) => editsAllowed(word) > 0) ? useMisspellingSimilarity(db) : undefined;
  const [, found] = await Promise.all([
    similarity,
    Promise.all(
      typed.map((word) =>
        Promise.all([
          findWordsStartingWith(db, companyId, word, prefixWordsMax),
          editsAllowed(word) === 0 ? [] : findWordsLike(db, companyId, word, nearCandidatesMax),
        ]),
      ),
    ),
  ]);
  const exactTerms: TSearchTerm[] = [];
  const nearTerms: TSearchTerm[] = [];
  typed.forEach((word, index) => {
    const [starting, like] = found[index] ?? [[], []];
    const begun = [...new Set([word, ...starting])];
    // No contact holds the word or a word it begins (`isKeptInDictionary`).
    const isBegunByNone = isKeptInDictionary(word) && starting.length === 0;
    exactTerms.push({ typed: word, words: begun, begun, nearest: [], isBegunByNone });
    const allowed = editsAllowed(word);
    const near = like
      .map((candidate) => ({ candidate, edits: distance(word, candidate) }))
      .filter(({ candidate, edits }) => edits <= allowed && !begun.includes(candidate));
    // Only the closest: when some word is one letter off, words two letters off are noise.
    const fewest = Math.min(...near.map(({ edits }) => edits));
    const nearest = near.filter(({ edits }) => edits === fewest).map(({ candidate }) => candidate);
    nearTerms.push({ typed: word, words: [...begun, ...nearest], begun, nearest, isBegunByNone });
  });
  const exact: TContactSearch = { kind: 'words', terms: exactTerms };
  if (!nearTerms.some((term) => term.nearest.length > 0)) return { first: exact, fallback: null };
  const near: TContactSearch = { kind: 'words', terms: nearTerms };
  // Saves a walk of the contacts that could only come back empty: most misspellings begin no word.
  const isExactHopeless = exactTerms.some((term) => term.isBegunByNone);
  return isExactHopeless ? { first: near, fallback: null } : { first: exact, fallback: near };
};

/**
 * Whether the dictionary holds `word` whenever a contact holds it (migration 0038: three to sixty
 * letters, no digit): then a word typed that begins none of the dictionary's is no contact's word,
 * and the plain reading, which asks for the words it begins, finds no contact.
 */
const isKeptInDictionary = (word: string) => {
  const letters = [...word].length;
  return letters >= 3 && letters <= 60 && !/[0-9]/.test(word);
};
