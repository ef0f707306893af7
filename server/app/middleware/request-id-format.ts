/**
 * What an incoming X-Request-Id must look like to be adopted: 1-128 characters of letters, digits and
 * . _ : - (UUIDs, ULIDs, trace ids and "gateway:1234" all fit). Anything else (spaces, quotes, control
 * characters, a header repeated) would be unsafe to echo into logs and headers, so a fresh UUID is used.
 */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9._:-]{1,128}$';
const WELL_FORMED = new RegExp(REQUEST_ID_PATTERN);

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}
