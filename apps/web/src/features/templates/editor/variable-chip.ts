import { mergeAttributes, Node } from '@tiptap/core';

// A variable in an email body, shown as one chip that is deleted, moved and selected whole. It is
// written out as the template language reads it, `{{ shipment.reference }}`, inside a marked span
// the editor recognises when the text is opened again.

export const variableChipAttribute = 'data-variable';

export const VariableChip = Node.create({
  name: 'variable',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      expression: {
        default: '',
        parseHTML: (element) => element.getAttribute(variableChipAttribute) ?? '',
        renderHTML: (attributes) => ({ [variableChipAttribute]: attributes.expression }),
      },
    };
  },

  parseHTML() {
    return [{ tag: `span[${variableChipAttribute}]` }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, { class: 'template-variable' }),
      `{{ ${node.attrs.expression} }}`,
    ];
  },

  renderText({ node }) {
    return `{{ ${node.attrs.expression} }}`;
  },
});

const outputTag = /\{\{\s*([\s\S]+?)\s*\}\}/g;

/**
 * The body as the editor opens it: every `{{ … }}` written in the text (a default template's, or one
 * typed by hand) becomes a chip. Tags inside attributes (a link's address) and loops stay as written.
 */
export const withVariableChips = (html: string) => {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(`[${variableChipAttribute}]`)) textNodes.push(node as Text);
  }
  for (const text of textNodes) {
    const value = text.data;
    if (!value.includes('{{')) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of value.matchAll(outputTag)) {
      fragment.append(value.slice(last, match.index));
      const chip = document.createElement('span');
      chip.setAttribute(variableChipAttribute, match[1] ?? '');
      chip.textContent = match[0];
      fragment.append(chip);
      last = match.index + match[0].length;
    }
    fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return document.body.innerHTML;
};
