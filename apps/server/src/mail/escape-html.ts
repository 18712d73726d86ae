const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML bodies and attribute values of outgoing mail and the mailbox page. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => entities[character] ?? '');
