// A CSV's bytes as text. Spreadsheets save CSV as UTF-8 (with or without a byte-order mark),
// UTF-16 ("Unicode text") or the Windows code page of the machine; anything else is not a text file.

export type TDecodedText = { text: string; encoding: string } | { error: string };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

export const decodeText = (bytes: Uint8Array): TDecodedText => {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return decodeAs(bytes.subarray(3), 'utf-8', 'UTF-8');
  if (startsWith(bytes, 0xff, 0xfe)) return decodeAs(bytes.subarray(2), 'utf-16le', 'UTF-16');
  if (startsWith(bytes, 0xfe, 0xff)) return decodeAs(bytes.subarray(2), 'utf-16be', 'UTF-16');
  // NUL bytes without a UTF-16 mark: a spreadsheet's own format, an image, an archive.
  if (bytes.includes(0)) {
    return {
      error:
        'This file is not a CSV text file. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: the Western European Windows code page is what older spreadsheets write.
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'Windows-1252 (Western European)',
    };
  }
};

const decodeAs = (bytes: Uint8Array, label: string, name: string): TDecodedText => {
  try {
    return { text: new TextDecoder(label, { fatal: true }).decode(bytes), encoding: name };
  } catch {
    return { error: `This file says it is ${name} but is not. Save it again as "CSV UTF-8" and try again.` };
  }
};
