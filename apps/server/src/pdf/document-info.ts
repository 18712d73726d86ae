// Chromium writes its own name and version into every PDF it prints: Creator is the browser's
// user agent ("… HeadlessChrome/156.0.0.0 …") and Producer "Skia/PDF m156". A document a company
// sends its customers should name the product, not tell the world which browser build the server
// runs. The Info dictionary is rewritten in place with strings of the same length (the name,
// then spaces, which PDF reads as nothing), so every byte offset in the file stays right.

export const pdfProductName = 'Cargodesk';

const latin1 = 'latin1';

/** The byte offset of object `number` from the cross-reference table Chromium writes (one, uncompressed). */
const offsetOfObject = (text: string, number: number) => {
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref) return undefined;
  const table = text.slice(Number(startxref[1]));
  const header = /^xref\s+(\d+)\s+(\d+)\s+/.exec(table);
  if (!header) return undefined;
  const [, first, count] = header.map(Number) as [number, number, number];
  if (number < first || number >= first + count) return undefined;
  const entry = table.slice(
    header[0].length + (number - first) * 20,
    header[0].length + (number - first + 1) * 20,
  );
  const match = /^(\d{10}) \d{5} n/.exec(entry);
  return match ? Number(match[1]) : undefined;
};

/** Where the string value starting at `start` ends (exclusive): a literal `( … )` or a hex `< … >`. */
const endOfString = (text: string, start: number) => {
  if (text[start] === '<') {
    const end = text.indexOf('>', start);
    return end < 0 ? undefined : end + 1;
  }
  if (text[start] !== '(') return undefined;
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\') index += 1;
    else if (character === '(') depth += 1;
    else if (character === ')') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
};

/**
 * Where the value of each key of the dictionary between `from` and `to` starts. String values are
 * stepped over whole: the Title comes from the company's template, and a title that spells
 * `/Creator` is only a title.
 */
const valueStartsOf = (text: string, from: number, to: number) => {
  const found = new Map<string, number>();
  const open = text.indexOf('<<', from);
  if (open < 0 || open > to) return found;
  let index = open + 2;
  while (index < to) {
    const character = text[index];
    if (character === '(' || (character === '<' && text[index + 1] !== '<')) {
      const end = endOfString(text, index);
      if (end === undefined) break;
      index = end;
    } else if (character === '/') {
      const name = /^\/[^\s/<>()[\]{}%]+/.exec(text.slice(index, index + 128))?.[0] ?? '/';
      index += name.length;
      const gap = text.slice(index, to).search(/\S/);
      if (!found.has(name) && gap >= 0) found.set(name, index + gap);
    } else index += 1;
  }
  return found;
};

/** The product's name as a literal string padded with spaces to `length` bytes, or as much of it as fits. */
const sameLengthName = (length: number) => {
  const name = `(${pdfProductName.slice(0, Math.max(0, length - 2))})`;
  return name.padEnd(length, ' ');
};

/**
 * The PDF with its Info dictionary's Creator and Producer set to the product's name. A file laid
 * out otherwise (no table, no Info) is returned as it came: printing never fails for metadata.
 */
export const stampProductInfo = (pdf: Buffer): Buffer => {
  const text = pdf.toString(latin1);
  const infoNumber = /\/Info\s+(\d+)\s+0\s+R/.exec(text.slice(text.lastIndexOf('trailer')))?.[1];
  if (infoNumber === undefined) return pdf;
  const start = offsetOfObject(text, Number(infoNumber));
  if (start === undefined) return pdf;
  const end = text.indexOf('endobj', start);
  if (end < 0) return pdf;
  const stamped = Buffer.from(pdf);
  const values = valueStartsOf(text, start, end);
  for (const key of ['/Creator', '/Producer']) {
    const valueAt = values.get(key);
    if (valueAt === undefined) continue;
    const valueEnd = endOfString(text, valueAt);
    if (valueEnd === undefined || valueEnd > end) continue;
    stamped.write(sameLengthName(valueEnd - valueAt), valueAt, latin1);
  }
  return stamped;
};
