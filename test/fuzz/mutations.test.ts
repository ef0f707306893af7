/** The fuzzer's own machinery: its size guard must decide without serializing what it guards against. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutatedBody, serializedLongerThan, type Json } from './mutations.ts';

const json: fc.Arbitrary<Json> = fc.jsonValue() as fc.Arbitrary<Json>;

describe('the size guard of mutated bodies', () => {
  it('agrees with the length JSON.stringify gives, on either side of it', () => {
    fc.assert(
      fc.property(mutatedBody(json), ({ body }) => {
        const length = JSON.stringify(body)?.length ?? 0;
        expect(serializedLongerThan(body, length)).toBe(false);
        if (length > 0) expect(serializedLongerThan(body, length - 1)).toBe(true);
      }),
      { seed: 4242, numRuns: 500 },
    );
  });

  it('skips copying a large body 2,000 times instead of throwing RangeError (Invalid string length)', () => {
    // 300,000 characters: within the bound, but 1,790 copies of it are more than V8's longest string
    const large = fc.constant(['x'.repeat(300_000)] as Json);
    const samples = fc.sample(mutatedBody(large), { seed: 4242, numRuns: 300 });
    expect(samples.some(({ what }) => what.length > 0)).toBe(true);
    for (const { body } of samples) expect(JSON.stringify(body).length).toBeLessThanOrEqual(1_200_000);
  });

  it('walks a value nested deeper than the call stack allows', () => {
    let deep: Json = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(serializedLongerThan(deep, 1_200_000)).toBe(false);
    expect(serializedLongerThan(deep, 1000)).toBe(true);
  });
});
