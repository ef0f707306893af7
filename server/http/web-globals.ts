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
 * asked of the real class. Nothing else in the bundle may use these names as a class (`new Response`): the
 * build test in test/api/npm-start.test.ts checks that every use is an `instanceof`.
 */

/** True of a value no class can have as an instance: a primitive, a plain object, an array. */
function cannotBeInstance(value: unknown): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return true;
  if (typeof value === 'function') return false;
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
