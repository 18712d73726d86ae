import { isUtf8 } from 'node:buffer';

// A CSV's bytes as text. Spreadsheets save CSV as UTF-8 (with or without a byte-order mark),
// UTF-16 ("Unicode text") or the Windows code page of the machine; anything else is not a text file.
// The text comes in pieces, so a large file is never held twice, as bytes and as one string.

/** A file that cannot be read as text, with what to do about it. */
export class UnreadableText extends Error {}

export type TDecodedText = {
  encoding: string;
  /** The text, a piece at a time; throws UnreadableText where the bytes break the encoding. */
  pieces: () => Generator<string>;
};

const pieceBytes = 64 * 1024;

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

export const decodeText = (bytes: Uint8Array): TDecodedText => {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return decodedAs(bytes.subarray(3), 'utf-8', 'UTF-8');
  if (startsWith(bytes, 0xff, 0xfe)) return decodedAs(bytes.subarray(2), 'utf-16le', 'UTF-16');
  if (startsWith(bytes, 0xfe, 0xff)) return decodedAs(bytes.subarray(2), 'utf-16be', 'UTF-16');
  // NUL bytes without a UTF-16 mark: a spreadsheet's own format, an image, an archive.
  if (bytes.includes(0)) {
    throw new UnreadableText(
      'This file is not a CSV text file. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
    );
  }
  if (isUtf8(bytes)) return decodedAs(bytes, 'utf-8', 'UTF-8');
  // Not UTF-8: the Western European Windows code page is what older spreadsheets write.
  return decodedAs(bytes, 'windows-1252', 'Windows-1252 (Western European)');
};

const decodedAs = (bytes: Uint8Array, label: string, name: string): TDecodedText => ({
  encoding: name,
  pieces: function* () {
    // `stream` keeps a character whose bytes straddle two pieces whole.
    const decoder = new TextDecoder(label, { fatal: true });
    try {
      for (let at = 0; at < bytes.length; at += pieceBytes)
        yield decoder.decode(bytes.subarray(at, at + pieceBytes), { stream: true });
      yield decoder.decode();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new UnreadableText(
        `This file says it is ${name} but is not. Save it again as "CSV UTF-8" and try again.`,
      );
    }
  },
});
