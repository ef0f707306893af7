/**
 * A single pass over a JSON body's bytes as they arrive, before JSON.parse sees any of them, that
 * refuses what JSON.parse would take silently or expensively:
 * - bytes that are not UTF-8 (the decoder would turn them into U+FFFD and the request would go on);
 * - nesting deeper than MAX_JSON_DEPTH, more than MAX_JSON_VALUES values, an array of more than
 *   MAX_ARRAY_ITEMS or an object of more than MAX_OBJECT_MEMBERS (building such values at all, before
 *   the schema refused them, was the denial of service: docs/reliability.md, issue 22);
 * - a number the service would read as a different number (http/json-numbers.ts), since numbers are
 *   echoed (metadata) and must mean what was sent;
 * - the key "__proto__", named as such (the JSON parser refuses it with a bare "not valid JSON");
 * - a string (value or key) longer than any the route's schema accepts (validation/string-bound.ts):
 *   such a body can only end in 422, and building the string (the body's text, then JSON.parse's
 *   copy) was most of what a near-1 MiB body cost (issue 46). From that string on only UTF-8 is
 *   checked and the bytes counted, so that a body that is not UTF-8 is still a 400 and one over the
 *   size limit a 413; the refusal is thrown at the end (end()).
 * It keeps only the open containers (bounded by the depth), the current key's first bytes and the
 * current number token, so its memory is constant and its time linear in the body (a tight loop over
 * bytes; UTF-8 is checked natively). Syntax errors are left to JSON.parse; the scan remembers where
 * the first byte that starts no JSON token was, so the 400 can say where the JSON breaks.
 */
import { isUtf8 } from 'node:buffer';
import { readsExactly } from './json-numbers.ts';

/** No request schema nests more than 6 deep; 32 leaves room without letting a body cost its depth. */
export const MAX_JSON_DEPTH = 32;
/**
 * Values (array items and object members, containers included) in one body. A schema-valid request
 * holds a few hundred; 400,000 lets the 1 MiB bodies of ~350,000 empty array items reach the size
 * check that reports the array's size (test/api/request-bounds.test.ts), and bounds the work of a
 * body of many small objects or keys when PAYROLL_MAX_BODY_BYTES is raised.
 */
export const MAX_JSON_VALUES = 400_000;
/**
 * No request schema allows an array of more than 50 items. An array of more than 1,000 is refused
 * before JSON.parse builds it: its path and size are reported, and the route words the detail as its
 * schema's size check does (validation/size-guard.ts).
 */
export const MAX_ARRAY_ITEMS = 1_000;
/** The same for objects: no schema defines more than ~40 fields or allows more than 20 metadata keys (60,000 keys cost ~100 MB of RSS at 16 at once). */
export const MAX_OBJECT_MEMBERS = 1_000;
/** Oversize arrays remembered for the answer (an answer lists at most 100 problems anyway). */
const OVERSIZE_KEPT = 200;
/** Key bytes kept for a path in a message; longer keys are clipped as validation messages clip them. */
const KEY_BYTES_KEPT = 256;
const KEY_CHARS_SHOWN = 64;

type Path = (string | number)[];

export interface OversizeContainer {
  kind: 'array' | 'object';
  path: Path;
  /** Array items, or object members. */
  items: number;
}

export type JsonScanProblem =
  | { kind: 'utf8' | 'depth' | 'values'; byte: number }
  | { kind: 'inexact_number' | 'forbidden_key'; path: Path; token: string }
  | { kind: 'oversize'; containers: OversizeContainer[] }
  /** A string of more than the scan's maxStringBytes: a value at path, or a key (its first characters: name) of the object at path. */
  | { kind: 'long_string'; path: Path; name?: string };

/** Thrown by the scanner; json-body.ts turns it into the envelope. */
export class JsonScanRefusal extends Error {
  constructor(readonly problem: JsonScanProblem) {
    super(`json body refused: ${problem.kind}`);
    this.name = 'JsonScanRefusal';
  }
}

/** Byte classes outside strings. */
const SPACE = 1;
const STRUCTURE = 2;
const DIGIT = 3; // digits and '-': a number starts
const LETTER = 4; // a literal (true, false, null) or a stray word
const NUMBER_PART = 5; // '.', '+' (inside a number only)
const CLASS = new Uint8Array(256);
for (const c of ' \t\r\n') CLASS[c.charCodeAt(0)] = SPACE;
for (const c of '{}[]:,"') CLASS[c.charCodeAt(0)] = STRUCTURE;
for (const c of '-0123456789') CLASS[c.charCodeAt(0)] = DIGIT;
for (let c = 0x41; c <= 0x7a; c++) if (c <= 0x5a || c >= 0x61) CLASS[c] = LETTER;
for (const c of '.+') CLASS[c.charCodeAt(0)] = NUMBER_PART;

/** A key as its bytes in the chunk it ended in (and the text of earlier chunks, when it spans them). */
interface LazyKey {
  chunk: Uint8Array;
  from: number;
  to: number;
  before: string;
  escaped: boolean;
}

/** The key's text (its first KEY_BYTES_KEPT bytes), escapes decoded. */
function keyText(key: LazyKey): string {
  const room = Math.max(0, KEY_BYTES_KEPT - key.before.length);
  const text = key.before + utf8(key.chunk, key.from, Math.min(key.to, key.from + room));
  if (!key.escaped) return text;
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text; // a broken (or clipped) escape: JSON.parse reports the body's
  }
}

function clip(text: string): string {
  return text.length > KEY_CHARS_SHOWN ? `${text.slice(0, KEY_CHARS_SHOWN)}…` : text;
}

const LITERALS = ['true', 'false', 'null'].map((l) => Buffer.from(l));

/** Whether a word is true, false or null (its bytes in chunk, or partly in `before` when it spans chunks). */
function isLiteral(before: string, chunk: Uint8Array, from: number, to: number): boolean {
  if (before !== '') return ['true', 'false', 'null'].includes(before + latin1(chunk, from, to));
  return LITERALS.some((l) => l.length === to - from && l.every((c, k) => chunk[from + k] === c));
}

function latin1(chunk: Uint8Array, from: number, to: number): string {
  return Buffer.from(chunk.buffer, chunk.byteOffset + from, Math.max(0, to - from)).toString('latin1');
}

function utf8(chunk: Uint8Array, from: number, to: number): string {
  return Buffer.from(chunk.buffer, chunk.byteOffset + from, Math.max(0, to - from)).toString('utf8');
}

/** The offset of the first byte of buf that breaks UTF-8 (buf is known not to be UTF-8). */
function firstBadUtf8(buf: Uint8Array): number {
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b < 0x80) continue;
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= buf.length + 1) return i;
    if (!isUtf8(buf.subarray(i, i + need + 1))) return i;
    i += need;
  }
  return buf.length;
}

/** The carry of a chunk that ends on a whole UTF-8 sequence (the usual case): one shared empty array. */
const NOTHING_CARRIED = new Uint8Array(0);

export class JsonBodyScanner {
  /** Bytes scanned before the current chunk. */
  private offset = 0;
  /** The last bytes of the previous chunk that begin a UTF-8 sequence it did not finish. */
  private carry: Uint8Array = NOTHING_CARRIED;
  private inString = false;
  private escaped = false;
  private values = 0;
  private depth = 0;
  // plain arrays of small integers, not typed arrays: a typed array of more than 64 bytes has its own
  // off-heap buffer, which cost more to make per request than the scan of a monthly request's body
  private readonly isArray: number[] = new Array<number>(MAX_JSON_DEPTH).fill(0);
  private readonly items: number[] = new Array<number>(MAX_JSON_DEPTH).fill(0);
  /** Each open object's current key, decoded only when a message needs a path: its bytes stay in their chunk. */
  private readonly keys: (LazyKey | null)[] = new Array<LazyKey | null>(MAX_JSON_DEPTH).fill(null);
  /** In an object, the next string is a key (after '{' or ','). */
  private expectKey = false;
  /** A key is being read: where it starts in this chunk, its text from earlier chunks, an escape in it. */
  private inKey = false;
  private keyFrom = 0;
  private keyText = '';
  private keyEscaped = false;
  /** The number or word being read: its text so far (numbers that are not short integers) and kind. */
  private bare = 0;
  private bareText = '';
  private bareSimple = true;
  private bareDigits = 0;
  private bareStart = 0;
  private readonly oversize: OversizeContainer[] = [];
  /** The byte offset of the first byte that starts no JSON token, or null. */
  stray: number | null = null;
  /** Where the current string starts (the byte after its opening quote). */
  private stringFrom = 0;
  /** The long string found: the body is refused at its end, and read no further meanwhile. */
  private longString: JsonScanProblem | null = null;

  /** maxStringBytes: a string of more bytes (between its quotes) is refused; Infinity refuses none. */
  constructor(private readonly maxStringBytes = Number.POSITIVE_INFINITY) {}

  /** Whether the body is already refused (its bytes need not be kept). */
  get refusing(): boolean {
    return this.longString !== null;
  }

  push(chunk: Uint8Array): void {
    this.checkUtf8(chunk);
    const n = chunk.length;
    if (this.longString !== null) {
      this.offset += n;
      return;
    }
    let textFrom = 0; // where the current number token's bytes in this chunk start
    for (let i = 0; i < n; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) {
          this.escaped = true;
          this.keyEscaped = true;
        } else if (b === 0x22) {
          this.inString = false;
          if (this.offset + i - this.stringFrom > this.maxStringBytes) {
            this.noteLongString(chunk, i);
            this.offset += n;
            return;
          }
          if (this.inKey) this.endKey(chunk, i);
        } else {
          // skip to the next quote or backslash
          while (i + 1 < n && chunk[i + 1] !== 0x22 && chunk[i + 1] !== 0x5c) i++;
        }
        continue;
      }
      const cls = CLASS[b];
      if (this.bare !== 0) {
        if (cls === DIGIT || cls === NUMBER_PART || cls === LETTER) {
          if (this.bare === DIGIT) {
            if (b >= 0x30 && b <= 0x39) this.bareDigits++;
            else this.bareSimple = false;
          }
          continue;
        }
        this.endBare(chunk, textFrom, i);
      }
      if (cls === SPACE) continue;
      if (cls === DIGIT || cls === LETTER) {
        this.countValue(this.offset + i);
        this.bare = cls;
        this.bareStart = this.offset + i;
        this.bareText = '';
        this.bareSimple = true;
        this.bareDigits = b === 0x2d ? 0 : 1;
        textFrom = i;
        continue;
      }
      if (cls !== STRUCTURE) {
        if (this.stray === null) this.stray = this.offset + i;
        continue;
      }
      this.structure(b, this.offset + i);
    }
    if (this.bare !== 0) this.bareText += latin1(chunk, textFrom, n);
    if (this.inString && this.offset + n - this.stringFrom > this.maxStringBytes) {
      this.noteLongString(chunk, n);
      this.offset += n;
      return;
    }
    if (this.inKey && this.keyText.length < KEY_BYTES_KEPT)
      this.keyText += utf8(chunk, this.keyFrom, Math.min(n, this.keyFrom + KEY_BYTES_KEPT));
    this.keyFrom = 0;
    this.offset += n;
  }

  /** The current string, read up to byte `to` of chunk, is too long: a value at the current path, or a key. */
  private noteLongString(chunk: Uint8Array, to: number): void {
    if (!this.inKey) {
      this.longString = { kind: 'long_string', path: this.path() };
      return;
    }
    const key: LazyKey = { chunk, from: this.keyFrom, to, before: this.keyText, escaped: this.keyEscaped };
    this.longString = { kind: 'long_string', path: this.path().slice(0, -1), name: keyText(key) };
  }

  /** The body is complete: a UTF-8 sequence or a number cut by the end is settled. */
  end(): void {
    if (this.carry.length > 0) this.refuse({ kind: 'utf8', byte: this.offset - this.carry.length });
    if (this.longString !== null) this.refuse(this.longString);
    if (this.bare !== 0) this.endBare(new Uint8Array(0), 0, 0);
    if (this.oversize.length > 0) this.refuse({ kind: 'oversize', containers: this.oversize });
  }

  private refuse(problem: JsonScanProblem): never {
    throw new JsonScanRefusal(problem);
  }

  private structure(b: number, at: number): void {
    const d = this.depth;
    switch (b) {
      case 0x7b: // {
      case 0x5b: // [
        this.countValue(at);
        if (d >= MAX_JSON_DEPTH) this.refuse({ kind: 'depth', byte: at });
        this.isArray[d] = b === 0x5b ? 1 : 0;
        this.items[d] = 0;
        this.keys[d] = null;
        this.depth = d + 1;
        this.expectKey = b === 0x7b;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        if (d === 0) return;
        if (this.items[d - 1] > (this.isArray[d - 1] === 1 ? MAX_ARRAY_ITEMS : MAX_OBJECT_MEMBERS)) this.noteOversize();
        this.depth = d - 1;
        this.expectKey = false;
        return;
      case 0x2c: // ,
        if (d > 0 && this.isArray[d - 1] === 0) this.expectKey = true;
        return;
      case 0x22: // "
        this.inString = true;
        this.stringFrom = at + 1;
        if (d > 0 && this.isArray[d - 1] === 0 && this.expectKey) {
          this.inKey = true;
          this.keyFrom = at - this.offset + 1;
          this.keyText = '';
          this.keyEscaped = false;
        } else this.countValue(at);
    }
  }

  /** The key ends at byte `end` of chunk (its closing quote). */
  private endKey(chunk: Uint8Array, end: number): void {
    this.inKey = false;
    this.expectKey = false;
    const key: LazyKey = { chunk, from: this.keyFrom, to: end, before: this.keyText, escaped: this.keyEscaped };
    this.keys[this.depth - 1] = key;
    // "__proto__" is 9 bytes; an escaped key may spell it in more, and one split between chunks is decoded anyway
    if ((this.keyEscaped || this.keyText !== '' || end - this.keyFrom === 9) && keyText(key) === '__proto__')
      this.refuse({ kind: 'forbidden_key', path: this.path(), token: '__proto__' });
  }

  /** A number or word ends before byte `end` of chunk (its earlier bytes are in bareText). */
  private endBare(chunk: Uint8Array, from: number, end: number): void {
    const kind = this.bare;
    this.bare = 0;
    // integers of at most 15 digits are always exact: no text is made for them
    if (kind === DIGIT && this.bareSimple && this.bareDigits <= 15) return;
    if (kind === LETTER) {
      if (this.stray === null && !isLiteral(this.bareText, chunk, from, end)) this.stray = this.bareStart;
      return;
    }
    const token = this.bareText + latin1(chunk, from, end);
    if (readsExactly(token)) return;
    this.refuse({ kind: 'inexact_number', path: this.path(), token: token.length > 40 ? `${token.slice(0, 40)}…` : token });
  }

  private countValue(at: number): void {
    if (this.depth > 0) this.items[this.depth - 1]++;
    if (++this.values > MAX_JSON_VALUES) this.refuse({ kind: 'values', byte: at });
  }

  /** Where the current value is: keys, and array indexes (counted from the items seen). */
  private path(): Path {
    const out: Path = [];
    for (let d = 0; d < this.depth; d++) {
      const key = this.keys[d];
      out.push(this.isArray[d] === 1 ? Math.max(0, this.items[d] - 1) : key === null ? '' : clip(keyText(key)));
    }
    return out;
  }

  /** The container that ends now is over its bound. */
  private noteOversize(): void {
    const d = this.depth - 1;
    const path = this.path().slice(0, -1);
    // an array inside one already noted is not reported (the outer one is, as the size check does)
    const inside = (p: Path) => p.length > path.length && path.every((step, i) => p[i] === step);
    while (this.oversize.length > 0 && inside(this.oversize.at(-1)!.path)) this.oversize.pop();
    if (this.oversize.length < OVERSIZE_KEPT)
      this.oversize.push({ kind: this.isArray[d] === 1 ? 'array' : 'object', path, items: this.items[d] });
  }

  /** Checks chunk as UTF-8, holding back a sequence it ends in the middle of (the next chunk finishes it). */
  private checkUtf8(chunk: Uint8Array): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const base = this.offset - this.carry.length;
    let cut = bytes.length;
    // the start of the last sequence, if it may be incomplete (at most 3 bytes back)
    for (let k = 1; k <= 3 && k <= bytes.length; k++) {
      const b = bytes[bytes.length - k];
      if (b < 0x80) break;
      if (b >= 0xc0) {
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        if (k < need) cut = bytes.length - k;
        break;
      }
    }
    const whole = bytes.subarray(0, cut);
    if (!isUtf8(whole)) this.refuse({ kind: 'utf8', byte: base + firstBadUtf8(whole) });
    this.carry = cut === bytes.length ? NOTHING_CARRIED : Uint8Array.from(bytes.subarray(cut));
  }
}
