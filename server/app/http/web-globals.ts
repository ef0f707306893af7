/**
 * What the server bundle (dist/server.cjs) reads for the free globals `Response` and `ReadableStream`:
 * esbuild's --inject (package.json's build) puts these in their place. Koa asks `body instanceof
 * ReadableStream`, `instanceof Blob` and `instanceof Response` of every body that is not a string, Buffer or
 * stream, so of every plain JSON object a route sets. In Node both globals are made at their first read:
 * `Response` loads node's fetch implementation (undici, with http2, tls, worker_threads and perf_hooks: ~20
 * ms of CPU, the largest single item of a start after the engine's load), `ReadableStream` the web streams.
 * The server never answers with either, so its first JSON answer need not pay for them.
 *
 * The answer is exactly the global's: a plain object (its prototype Object.prototype or null) or an array
 * cannot be an instance of either class, so it is refused without reading the global; any other value is
 * asked of the real class (test/api/web-globals.test.ts). Nothing else in the bundle may use these names as
 * a class (`new Response` would make the lazy class); the bundle has no such use. test/api/npm-start.test.ts
 * checks that the built bundle's first JSON answer leaves undici unloaded.
 */

/** True of a value no class can have as an instance: a primitive, a plain object, an array. */
function cannotBeInstance(value: unknown): boolean {
  if (typeof value === 'function') return false;
  if (typeof value !== 'object' || value === null) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
}

/** `value instanceof Response` without loading undici for a value that cannot be one. */
class LazyResponse {
  static [Symbol.hasInstance](value: unknown): boolean {
    return !cannotBeInstance(value) && value instanceof globalThis.Response;
  }
}

/** `value instanceof ReadableStream` without loading the web streams for a value that cannot be one. */
class LazyReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return !cannotBeInstance(value) && value instanceof globalThis.ReadableStream;
  }
}

export { LazyReadableStream as ReadableStream, LazyResponse as Response };
