/** Every operator and rounding rule file has the same anatomy. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../engine/logic/operators/index.ts';
import type { OperatorDef } from '../../engine/logic/types.ts';
import { getRounding, roundingNames } from '../../engine/logic/rounding/index.ts';

const OPS_DIR = fileURLToPath(new URL('../../engine/logic/operators', import.meta.url));
const ROUNDING_DIR = fileURLToPath(new URL('../../engine/logic/rounding', import.meta.url));

describe('operator anatomy', () => {
  it('each registered operator has names, a sane arity and a compile function', () => {
    for (const op of OPERATORS) {
      expect(op.names.length).toBeGreaterThan(0);
      const [min, max] = op.arity;
      expect(Number.isInteger(min) && min >= 0).toBe(true);
      expect(max === Infinity || (Number.isInteger(max) && max >= min)).toBe(true);
      expect(typeof op.compile).toBe('function');
    }
  });
  it('one file per operator or per family: each starts with a why-comment, exports one OperatorDef or one family table, and every registered operator comes from exactly one file', async () => {
    const files = readdirSync(OPS_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    const index = readFileSync(`${OPS_DIR}/index.ts`, 'utf8');
    const found: OperatorDef[] = [];
    for (const f of files) {
      const text = readFileSync(`${OPS_DIR}/${f}`, 'utf8');
      expect(text.startsWith('/**'), f).toBe(true);
      const single = text.match(/export const \w+: OperatorDef = \{/g)?.length ?? 0;
      const family = text.match(/export const [A-Z_]+_OPERATORS: readonly OperatorDef\[\] = /g)?.length ?? 0;
      expect(single + family, f).toBe(1);
      expect(text).toMatch(/names: \[/);
      expect(text).toMatch(/arity: \[/);
      expect(index, f).toContain(`'./${f}'`);
      const mod: Record<string, unknown> = await import(`${OPS_DIR}/${f}`);
      for (const v of Object.values(mod)) {
        if (Array.isArray(v)) found.push(...(v as OperatorDef[]));
        else if (v && typeof v === 'object' && 'compile' in v) found.push(v as OperatorDef);
      }
    }
    expect(new Set(found).size).toBe(found.length);
    expect(new Set(found)).toEqual(new Set(OPERATORS));
  });
});

describe('rounding anatomy', () => {
  it('one file per named rule, each exporting { name, description, apply }', () => {
    const files = readdirSync(ROUNDING_DIR).filter((f) => f.endsWith('.ts') && !['index.ts', 'snap.ts', 'types.ts'].includes(f));
    expect(files.length).toBe(roundingNames().length);
    for (const f of files) {
      const text = readFileSync(`${ROUNDING_DIR}/${f}`, 'utf8');
      expect(text.startsWith('/**'), f).toBe(true);
      expect(text).toMatch(/export const \w+: RoundingRule = \{/);
      // snapToYen(d, mode) snaps first too (snap.ts)
      expect(text, `${f} snaps first`).toMatch(/apply: \(d\) => snap(?:ToYen)?\(d\b/);
      const name = text.match(/name: '([a-z0-9_]+)'/)![1];
      expect(getRounding(name)?.name).toBe(name);
    }
  });
});
