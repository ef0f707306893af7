/** What the test gates (PostgreSQL, Redis, chromium) share: whether this is CI, and URLs fit to print. */

/** CI services set CI=true (GitHub, GitLab, .ci/run); an explicit CI=false or 0 means a developer machine. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

/** The URL without its password, for messages. */
export function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
