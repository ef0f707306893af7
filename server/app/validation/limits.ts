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

/**
 * The most profile versions a company may hold: one per effective_from, so 100 are a change of
 * settings every quarter for 25 years. Each version is read by every PUT and listed by every GET, so
 * without a bound one account's company could make both cost what it liked (issue 46).
 */
export const MAX_PROFILE_VERSIONS = 100;
