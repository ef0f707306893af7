/**
 * client/schema.ts is what openapi-typescript, with its default settings, generates from the checked-in
 * openapi.json: regenerated here to a temporary file and compared (drift: run `npm run openapi`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { BATCH_ENDPOINTS } from '../../server/app/batch/batch-endpoints.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('typed client', () => {
  it('client/schema.ts equals a fresh openapi-typescript generation from openapi.json (run `npm run openapi`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-client-'));
    try {
      const out = join(dir, 'schema.ts');
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), join(ROOT, 'openapi.json'), '--output', out],
        { cwd: ROOT, stdio: 'pipe' },
      );
      const fresh = readFileSync(out, 'utf8');
      expect(fresh).toContain('"/v1/payroll/monthly:calculate": {');
      expect(readFileSync(join(ROOT, 'client/schema.ts'), 'utf8') === fresh, 'client/schema.ts is stale: run `npm run openapi`').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every `default` under a schema, with its JSON path, not following $refs. */
function defaultsIn(value: unknown, path: string, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => defaultsIn(v, `${path}/${i}`, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'default') found.push(path);
      else if (k !== 'examples' && k !== 'example') defaultsIn(v, `${path}/${k}`, found);
    }
  }
  return found;
}

function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else if (k !== 'examples' && k !== 'example') refsIn(v, found);
    }
  }
  return found;
}

describe('request bodies and defaults (why the default generator settings compile a normal request)', () => {
  const document = buildOpenApiDocument(loadEngine()) as any;
  const requestBodies = Object.values<any>(document.paths)
    .flatMap((item) => Object.values<any>(item))
    .filter((op) => op?.requestBody)
    .map((op) => op.requestBody.content['application/json'].schema);

  it('keeps every defaulted request field inside the requestBody itself, where generators treat it as optional', () => {
    // every calculation endpoint's body, each batch endpoint's, and the calculation profile's PUT
    expect(requestBodies).toHaveLength(CALCULATION_ENDPOINTS.length + BATCH_ENDPOINTS.length + 1);
    expect(requestBodies.every((schema) => schema.$ref === undefined)).toBe(true);
    expect(requestBodies.flatMap((schema, i) => defaultsIn(schema, `body${i}`)).length).toBeGreaterThan(20);
  });

  it('refers from request bodies only to shared components that default nothing', () => {
    const schemas = document.components.schemas;
    const reachable = new Set<string>();
    const queue = [...refsIn(requestBodies)];
    while (queue.length) {
      const name = queue.pop()!;
      if (reachable.has(name)) continue;
      reachable.add(name);
      queue.push(...refsIn(schemas[name]));
    }
    expect([...reachable].sort()).toContain('EmployeeSnapshot');
    expect([...reachable].filter((name) => defaultsIn(schemas[name], name).length > 0)).toEqual([]);
    expect(schemas.AttendanceInput).toBeUndefined();
  });
});
