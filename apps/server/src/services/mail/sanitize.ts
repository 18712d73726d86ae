import sanitizeHtml from 'sanitize-html';

// What a composed mail's body may contain: text formatting and links, nothing that runs, loads or
// styles (no script, style, img, iframe, form, event handlers or style attributes).
const bodyOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeMailHtml = (html: string) => sanitizeHtml(html, bodyOptions).trim();

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part of a sanitised body: block ends become line breaks, tags go. */
export const htmlToText = (html: string) =>
  sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-3]|blockquote)>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => entities[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
