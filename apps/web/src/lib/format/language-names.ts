// A language tag (en, pt-BR) by its English name, as the UI is English
// (docs/decisions/024-user-formatting-preferences.md). Intl.DisplayNames writes no date or number;
// it lives here so every screen names a language the same way.

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** "en" → "English", "pt-BR" → "Brazilian Portuguese"; a tag the browser cannot name stays a tag. */
export const formatLanguageName = (tag: string) => {
  try {
    return names.of(tag) ?? tag;
  } catch {
    // Not a well-formed tag at all: show what is stored.
    return tag;
  }
};
