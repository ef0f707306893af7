/**
 * The server bundle's `Response` and `ReadableStream` (server/app/http/web-globals.ts, put in place of the
 * globals by the build's --inject) answer `instanceof` exactly as the globals do, for the bodies Koa is
 * given and for values that only pretend to be one.
 */
import { describe, expect, it } from 'vitest';
import { ReadableStream as LazyReadableStream, Response as LazyResponse } from '../../server/app/http/web-globals.ts';

class Plain {}
const pretender = Object.setPrototypeOf(() => undefined, Response.prototype) as unknown;
const values: [string, unknown][] = [
  ['a plain object', { a: 1 }],
  ['an object without prototype', Object.create(null)],
  ['an array', [1, 2]],
  ['a string', 'text'],
  ['a number', 1],
  ['null', null],
  ['undefined', undefined],
  ['a Buffer', Buffer.from('x')],
  ['a class instance', new Plain()],
  ['a Response', new Response('x')],
  ['a ReadableStream', new ReadableStream()],
  ['a Blob', new Blob(['x'])],
  ['an object whose prototype is Response.prototype', Object.create(Response.prototype)],
  ['an object whose prototype is ReadableStream.prototype', Object.create(ReadableStream.prototype)],
  ['a function whose prototype is Response.prototype', pretender],
];

describe('the bundle’s lazy web globals', () => {
  it.each(values)('instanceof Response and ReadableStream of %s as the globals answer', (_name, value) => {
    expect(value instanceof LazyResponse).toBe(value instanceof Response);
    expect(value instanceof LazyReadableStream).toBe(value instanceof ReadableStream);
  });

  it('the values above include instances, so the check can fail', () => {
    expect(values.filter(([, v]) => v instanceof LazyResponse).length).toBe(3);
    expect(values.filter(([, v]) => v instanceof LazyReadableStream).length).toBe(2);
  });
});
