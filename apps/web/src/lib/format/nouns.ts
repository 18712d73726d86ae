// Nouns composed into sentences ("Ada King created an exchange rate"). English
// picks "a" or "an" by the sound a word starts with, not its first letter: "a user", "an hour",
// "an API token". The rules below cover the nouns this product names; a new noun that breaks them
// gets a line in the test, and an entry here.

/** Words starting with a vowel letter but the sound of a consonant ("a user", "a one-off"). */
const consonantSoundStarts =
  /^(?:u[bcfhjkmrstv][aeiou]|use|usu|uti|uni(?!nvit|ns|ntend)|eu|ewe|one|once|ubiq)/i;
/** Words starting with a consonant letter but a vowel's sound ("an hour", "an honest"). */
const vowelSoundStarts = /^(?:hour|honest|honou?r|heir)/i;
/** Letters whose spoken name starts with a vowel sound, for initialisms read letter by letter (API, SSO). */
const vowelSoundLetters = new Set('AEFHILMNORSX');

const isInitialism = (word: string) => /^[A-Z]{2,}\b/.test(word);

/** "a" or "an" for the noun phrase that follows it. */
export const indefiniteArticleOf = (noun: string): 'a' | 'an' => {
  const word = noun.trim();
  if (isInitialism(word)) return vowelSoundLetters.has(word[0] ?? '') ? 'an' : 'a';
  if (vowelSoundStarts.test(word)) return 'an';
  if (consonantSoundStarts.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
};

/** "an exchange rate", "a user", "an e-mail template", "an API token". */
export const withIndefiniteArticle = (noun: string) => `${indefiniteArticleOf(noun)} ${noun.trim()}`;
