/**
 * PAYROLL_CODEGEN=off (engine/util/codegen.ts) swaps every generated function for its plain closure:
 * no generated function is made, the closures answer as the generated functions do, and every golden
 * case keeps its amounts with code generation off.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';

const root = join(import.meta.dirname, '..', '..');

/** The path-access and var-walk modules loaded afresh with PAYROLL_CODEGEN as given. */
async function loadWith(codegen: string | undefined) {
  vi.resetModules();
  vi.stubEnv('PAYROLL_CODEGEN', codegen);
  const access = await import('../../engine/calculating/path-access.ts');
  const walks = await import('../../engine/logic/var-path.ts');
  const { compileExpression } = await import('../../engine/logic/compile.ts');
  const { CODEGEN } = await import('../../engine/util/codegen.ts');
  return { ...access, ...walks, compileExpression, CODEGEN };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const roots: unknown[] = [null, 7, { a: { b: { c: new Decimal('1.5') } } }, { a: [{ b: 1 }] }, { a: { b: null } }];
const paths = [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', '0', 'b'], ['constructor']];

describe('PAYROLL_CODEGEN', () => {
  it('off: every site answers with its closure, as the generated functions answer', async () => {
    const generated = await loadWith(undefined);
    expect(generated.CODEGEN).toBe(true);
    const plain = await loadWith('off');
    expect(plain.CODEGEN).toBe(false);
    for (const path of paths) {
      // A function made by new Function is named "anonymous"; the closures are arrow functions.
      expect(generated.pathReader(path).name).toBe('anonymous');
      expect(plain.pathReader(path).name).not.toBe('anonymous');
      expect(plain.compileWalk(path, 0).name).not.toBe('walk');
      for (const r of roots) {
        expect(plain.pathReader(path)(r)).toBe(generated.pathReader(path)(r));
        expect(plain.compileWalk(path, 0)(r)).toBe(generated.compileWalk(path, 0)(r));
      }
      const [a, b] = [{}, {}] as Record<string, unknown>[];
      plain.pathWriter(path)(a, 1);
      generated.pathWriter(path)(b, 1);
      expect(a).toEqual(b);
    }
  });

  it('a record is an object literal of its own, with the fields in order as its closure makes them', async () => {
    const expr = { record: ['b', { var: 'x' }, 'a', 1, 'c', { record: ['d', { var: 'y' }] }] };
    const scope = { x: 'two', y: null };
    const generated = (await loadWith(undefined)).compileExpression(expr, 'test');
    const plain = (await loadWith('off')).compileExpression(expr, 'test');
    expect(generated.name).toBe('record');
    expect(plain.name).not.toBe('record');
    const [g, p] = [generated(scope), plain(scope)] as Record<string, unknown>[];
    expect(Object.keys(g)).toEqual(['b', 'a', 'c']);
    // each load has its own Decimal class: compared as JSON text
    expect(JSON.stringify(g)).toBe(JSON.stringify(p));
    expect(JSON.stringify(g)).toBe('{"b":"two","a":"1","c":{"d":null}}');
  });

  it('off: every golden case keeps its amounts', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'tools/golden.ts'], {
      cwd: root,
      env: { ...process.env, PAYROLL_CODEGEN: 'off' },
      encoding: 'utf8',
    });
    const [, passed, failed] = /golden: (\d+) passed, (\d+) failed/.exec(out) ?? [];
    expect(Number(failed)).toBe(0);
    expect(Number(passed)).toBeGreaterThan(300);
  });
});
