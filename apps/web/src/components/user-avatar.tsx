const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character as a reader sees it: a whole emoji or accented letter, never half of one. */
const firstCharacterOf = (word: string) =>
  graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** Up to two initials of a name: the first character of its first two words, in capitals. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstCharacterOf(word).toUpperCase())
    .join('');

/**
 * The user's initials in a circle, in antd Avatar's look. Plain markup: antd's Avatar brings its
 * group's popover and tooltip to every signed-in page.
 */
export const UserAvatar = ({ name, size = 32, src }: { name: string; size?: number; src?: string }) => (
  <span
    className="user-avatar"
    // Decorative: the control around it carries the name, and initials read out are noise.
    aria-hidden="true"
    style={{ width: size, height: size, lineHeight: `${size}px`, fontSize: size > 32 ? 18 : 14 }}
  >
    {src ? (
      <img src={src} alt="" width={size} height={size} style={{ display: 'block', objectFit: 'cover' }} />
    ) : (
      initialsOf(name) || '?'
    )}
  </span>
);
