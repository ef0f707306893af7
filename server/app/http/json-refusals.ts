/**
 * The answers to a JSON body that cannot be read, each saying what is wrong and where without
 * echoing the body: a refusal of the streaming scan (http/json-scan.ts), a syntax error of JSON.parse
 * (with its line and column), an empty body.
 */
import { ApiError } from '../errors/api-error.ts';
import { oversizeDetail } from '../validation/size-guard.ts';
import { longStringDetails } from '../validation/string-bound.ts';
import { MAX_ARRAY_ITEMS, MAX_OBJECT_MEMBERS, MAX_JSON_DEPTH, MAX_JSON_VALUES, type JsonScanProblem } from './json-scan.ts';

/** schema: the request schema of the route, which words the size of an oversize array or object, and a long string's details. */
export function scanRefusal(problem: JsonScanProblem, schema: object = {}): ApiError {
  switch (problem.kind) {
    case 'oversize':
      return new ApiError('validation_error', {
        details: problem.containers.map((c) => oversizeDetail(schema, c, c.kind === 'array' ? MAX_ARRAY_ITEMS : MAX_OBJECT_MEMBERS)),
      });
    case 'long_string':
      return new ApiError('validation_error', { details: longStringDetails(schema, problem) });
    case 'utf8':
      return new ApiError('malformed_json', {
        message: `The request body is not valid UTF-8 (byte ${problem.byte}); JSON must be sent as UTF-8.`,
      });
    case 'depth':
      return invalid([], 'too_deep', `The body nests arrays and objects more than ${MAX_JSON_DEPTH} deep (at byte ${problem.byte}).`);
    case 'values':
      return invalid(
        [],
        'too_many_values',
        `The body holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values (at byte ${problem.byte}).`,
      );
    case 'inexact_number':
      return invalid(
        problem.path,
        'inexact_number',
        `${problem.token} cannot be read exactly as a JSON number (more than 15-17 significant digits, or out of range); send it as a string.`,
      );
    case 'forbidden_key':
      return invalid(problem.path, 'forbidden_key', 'The key "__proto__" is refused in a request body; rename it.');
  }
}

function invalid(path: (string | number)[], code: string, message: string): ApiError {
  return new ApiError('validation_error', { details: [{ path, code, message }] });
}

/** Line and column (1-based, in characters) of a UTF-16 index of text. */
function lineAndColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: index - lastBreak };
}

/**
 * A syntax error of JSON.parse: V8 gives a position in most messages ("... in JSON at position 7"),
 * none for the end of the input or for "Unexpected token 'x', "<the body>" is not valid JSON" (whose
 * text must not be echoed); there the scanner's first stray byte, or else the end, is the place.
 */
export function syntaxRefusal(err: SyntaxError, text: string, strayByte: number | null): ApiError {
  const position = /at position (\d+)/.exec(err.message);
  const index =
    position !== null
      ? Number(position[1])
      : !/end of JSON input/.test(err.message) && strayByte !== null
        ? Buffer.from(text, 'utf8').subarray(0, strayByte).toString('utf8').length
        : text.length;
  const place = lineAndColumn(text, index);
  return new ApiError('malformed_json', {
    message: `The request body is not valid JSON (line ${place.line}, column ${place.column}).`,
  });
}

export function emptyBodyRefusal(): ApiError {
  return new ApiError('malformed_json', {
    message: 'The request body is missing: send the request as a JSON object, with Content-Type: application/json.',
  });
}
