import { formatLanguageName } from '@/lib/format/language-names.ts';

// The languages a template can be written in: those the company's recipients read most, by tag.

const languageTags = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'pt-BR', 'tr', 'zh', 'ja', 'ar'];

/** A template's language as people read it: "English", not "en". */
export const templateLanguageLabel = formatLanguageName;

export const templateLanguageOptions = languageTags.map((value) => ({
  value,
  label: templateLanguageLabel(value),
}));
