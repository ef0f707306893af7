/**
 * The CSV's bytes as text. Published tables come as UTF-8 (the research extractions) or, saved from Excel on
 * a Japanese Windows, as Shift_JIS. Decoding Shift_JIS as UTF-8 writes mojibake (U+FFFD in every name) that
 * passes as text, so the encoding is never guessed: the bytes must be valid in the declared encoding
 * (UTF-8 unless --encoding shift_jis), and a file that is not is refused with the line that is not and what
 * to do. Shift_JIS is converted only when declared, and the import says so (docs/decisions.md).
 */
import { ImportError } from './errors.ts';

export const ENCODINGS = ['utf-8', 'shift_jis'] as const;
export type CsvEncoding = (typeof ENCODINGS)[number];

function decodes(bytes: Uint8Array, encoding: string): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The 1-based line of the first bytes that are not valid in the encoding. */
function firstBadLine(bytes: Uint8Array, encoding: string): number {
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      if (!decodes(bytes.subarray(start, i), encoding)) return line;
      start = i + 1;
      line++;
    }
  }
  return line;
}

export function decodeCsv(bytes: Uint8Array, file: string, encoding: CsvEncoding): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportError(`${file}: the file is UTF-16 (byte-order mark); save it as UTF-8 (CSV UTF-8 in Excel)`);
  }
  if (!decodes(bytes, encoding)) {
    if (encoding === 'utf-8') {
      const hint = decodes(bytes, 'shift_jis')
        ? 'it reads as Shift_JIS: give --encoding shift_jis to convert it, or save it as UTF-8 (CSV UTF-8 in Excel)'
        : 'save it as UTF-8 (CSV UTF-8 in Excel)';
      throw new ImportError(`${file} line ${firstBadLine(bytes, encoding)}: not UTF-8; ${hint}`);
    }
    throw new ImportError(`${file} line ${firstBadLine(bytes, encoding)}: not valid ${encoding} either; check the file's encoding`);
  }
  const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  // a replacement character is a name already lost by an earlier wrong conversion: it would be written as is
  const lost = text.indexOf('\uFFFD');
  if (lost >= 0) {
    const line = text.slice(0, lost).split('\n').length;
    throw new ImportError(
      `${file} line ${line}: holds U+FFFD (a character lost by an earlier wrong encoding conversion); export the table again from the publication`,
    );
  }
  return text;
}
