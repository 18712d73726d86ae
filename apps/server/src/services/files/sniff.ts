import fs from 'node:fs';
import { uploadTypes } from '@cargodesk/shared';
import { fileTypeFromFile } from 'file-type';

const contentTypeByExtension = new Map<string, string>(
  uploadTypes.flatMap(({ contentType, extensions }) =>
    extensions.map((extension) => [extension, contentType]),
  ),
);

/** Old binary Office files are all OLE compound files: the name tells which one it is. */
const compoundFileExtensions = new Set(['doc', 'xls', 'ppt']);
const textExtensions = new Set(['csv', 'txt']);

export const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]{1,10})$/)?.[1] ?? '';

/** Whether the whole file is UTF-8 text without NUL bytes (which no CSV or text file has). */
const isUtf8Text = async (filePath: string) => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(filePath)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
};

/**
 * The content type of an uploaded file from its bytes, or undefined when it is not one we accept.
 * The client's declared type is ignored; the name only tells apart types the bytes cannot (an OLE
 * file's application, CSV from plain text).
 */
export const sniffContentType = async (filePath: string, name: string): Promise<string | undefined> => {
  const extension = extensionOf(name);
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.ext === 'cfb') {
      return compoundFileExtensions.has(extension) ? contentTypeByExtension.get(extension) : undefined;
    }
    return contentTypeByExtension.get(detected.ext);
  }
  if (textExtensions.has(extension) && (await isUtf8Text(filePath))) {
    return contentTypeByExtension.get(extension);
  }
  return undefined;
};
