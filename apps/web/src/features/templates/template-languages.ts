// The languages a template can be written in: those the company's recipients read most, by tag.

const languageTags = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'pt-BR', 'tr', 'zh', 'ja', 'ar'];

const names = new Intl.DisplayNames(['en'], { type: 'language' });

export const templateLanguageLabel = (tag: string) => `${names.of(tag) ?? tag} (${tag})`;

export const templateLanguageOptions = languageTags.map((value) => ({
  value,
  label: templateLanguageLabel(value),
}));
