// Values a program stores as codes, written as a person reads them: an enumeration's value
// ("in_progress", "lastLogin") as words, a yes/no as "Yes" or "No". English, as the whole UI is
// (docs/decisions/024-user-formatting-preferences.md).

/** A stored enumeration value as words: "active" → "Active", "in_progress" and "inProgress" → "In progress". */
export const formatEnumValue = (value: string) => {
  const words = value
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : value;
};

/** A yes/no as a word. */
export const formatYesNo = (value: boolean) => (value ? 'Yes' : 'No');
