/**
 * Bounds on what one request can make the server produce. A 422 lists at most MAX_DETAILS problems
 * (error.details_omitted counts the rest): a client fixes the first hundred and sends again, and no
 * body, however broken, can make the answer larger than a few tens of kilobytes.
 */
export const MAX_DETAILS = 100;

/** Names taken from the body (unknown keys) are echoed in details at most this long. */
const MAX_ECHOED_NAME = 64;

export function clipName(name: string): string {
  return name.length <= MAX_ECHOED_NAME ? name : `${name.slice(0, MAX_ECHOED_NAME)}…`;
}
