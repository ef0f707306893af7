/** The request's size check (server/app/validation/size-guard.ts): every oversize container, each with its own path. */
import { describe, expect, it } from 'vitest';
import { sizeDetails } from '../../server/app/validation/size-guard.ts';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { tags: { type: 'array', maxItems: 1, items: { type: 'string' } }, extra: { type: 'object', maxProperties: 1 } },
      },
    },
    map: { type: 'object', additionalProperties: { type: 'array', maxItems: 2 } },
  },
};

describe('sizeDetails', () => {
  it('finds nothing in a body within its bounds', () => {
    expect(sizeDetails(schema, { rows: [{ tags: ['a'] }, { extra: { a: 1 } }], map: { x: [1, 2] } })).toEqual([]);
  });

  it('names each oversize container at its own path, outermost first, siblings in order', () => {
    const body = {
      rows: [{ tags: ['a', 'b'] }, { tags: ['c'], extra: { a: 1, b: 2 } }, { tags: ['d', 'e', 'f'] }],
      map: { x: [1], y: [1, 2, 3] },
    };
    expect(sizeDetails(schema, body)).toEqual([
      { path: ['rows', 0, 'tags'], code: 'invalid_length', message: 'must NOT have more than 1 items (has 2).' },
      { path: ['rows', 1, 'extra'], code: 'invalid_length', message: 'must NOT have more than 1 properties (has 2).' },
      { path: ['rows', 2, 'tags'], code: 'invalid_length', message: 'must NOT have more than 1 items (has 3).' },
      { path: ['map', 'y'], code: 'invalid_length', message: 'must NOT have more than 2 items (has 3).' },
    ]);
  });

  it('does not descend into an oversize container, and counts a flood of unknown keys once', () => {
    const flood = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, [1, 2, 3]]));
    const details = sizeDetails(schema, { rows: Array.from({ length: 5 }, () => ({ tags: ['x', 'y'] })), ...flood });
    expect(details.map((d) => [d.path, d.code])).toEqual([[[], 'unknown_field']]);
    expect(sizeDetails(schema, { rows: Array.from({ length: 5 }, () => ({ tags: ['x', 'y'] })) })).toEqual([
      { path: ['rows'], code: 'invalid_length', message: 'must NOT have more than 3 items (has 5).' },
    ]);
  });
});
