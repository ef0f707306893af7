/**
 * The identity of the code this process runs, when it runs the built server bundle: server/boot/boot.ts
 * names it (the bundle's SHA-256, with the Node version that runs it) before it runs the bundle, and the
 * engine's load uses it to skip the checks of a set an earlier start of the same build proved
 * (engine/loading/load-cache.ts). Run from the sources (tsx, tests) there is none, and every check runs.
 *
 * A global symbol rather than an import: boot.ts and the bundle are two separate builds, each with its
 * own copy of this module.
 */
const KEY = Symbol.for('payroll.server-bundle-identity');

type WithIdentity = typeof globalThis & { [KEY]?: string };

/** The identity of the bundle whose bytes have this SHA-256, run by this Node (checks may use its ICU). */
export const bundleIdentityOf = (bundleSha256: string) => `node ${process.version} bundle ${bundleSha256}`;

export function setBundleIdentity(bundleSha256: string): void {
  (globalThis as WithIdentity)[KEY] = bundleIdentityOf(bundleSha256);
}

/** undefined unless this process runs the bundle through server/boot/boot.ts */
export function bundleIdentity(): string | undefined {
  return (globalThis as WithIdentity)[KEY];
}
