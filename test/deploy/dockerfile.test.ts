/**
 * The Dockerfile, checked without a Docker engine: linted with dockerfile-utils (the linter of the VS
 * Code Docker extension; hadolint is not packaged for this machine), and held to what
 * docs/deployment.md promises: multi-stage on node:24-bookworm-slim, non-root, a HEALTHCHECK on
 * /healthz, node (not npm) as the command so SIGTERM reaches the server. tools/docker-steps-check.ts
 * runs the steps themselves.
 */
import { readFileSync } from 'node:fs';
import { validate } from 'dockerfile-utils';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLES, bundledPackages, EXTERNAL } from '../../tools/build.ts';

const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);

describe('Dockerfile', () => {
  it('has no lint problems', () => {
    expect(validate(dockerfile)).toEqual([]);
  });

  it('the linter does report a broken instruction (the check can fail)', () => {
    expect(validate('FROM node:24-bookworm-slim\nEXPOSE eighty\nHEALTHCHECK --interval=abc CMD true\n').length).toBeGreaterThan(0);
  });

  it('builds in one stage and runs in another, both on node:24-bookworm-slim', () => {
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(/^node:24-bookworm-slim\b/);
    expect(stages[1]).not.toMatch(/apt-get|g\+\+/);
  });

  it('runs as the non-root node user, probes /healthz and starts node directly', () => {
    const runtime = stages[1];
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \[[^\n]*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
  });

  it('the build stage has masters/ and rules/ before npm ci warms the load cache, and prunes dev dependencies', () => {
    const build = stages[0];
    const ci = build.indexOf('RUN npm ci');
    expect(ci).toBeGreaterThan(0);
    expect(build.indexOf('COPY masters ./masters')).toBeGreaterThan(0);
    expect(build.indexOf('COPY masters ./masters')).toBeLessThan(ci);
    expect(build.indexOf('COPY rules ./rules')).toBeLessThan(ci);
    expect(build).toMatch(/^RUN npm ci && npm prune --omit=dev$/m);
    expect(stages[1]).toMatch(/^COPY --from=build \/app\/node_modules \.\/node_modules$/m);
  });
});

describe('package.json dependencies', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')).packages as Record<
    string,
    { dev?: boolean }
  >;
  let inlined: string[] = [];
  beforeAll(async () => {
    const names = new Set<string>();
    for (const options of BUNDLES) {
      const result = await build({ ...options, write: false, metafile: true, logLevel: 'silent' });
      for (const name of bundledPackages(result.metafile)) names.add(name);
    }
    inlined = [...names].sort();
  }, 120_000);

  it('are the packages the bundles leave external and the ones they inline that the project names itself', () => {
    // pg-native is pg's optional native binding, never installed: pg falls back to JavaScript.
    const external = EXTERNAL.filter((name: string) => name !== 'pg-native');
    const direct = inlined.filter((name) => name in pkg.dependencies || name in pkg.devDependencies);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...new Set([...external, ...direct])].sort());
    expect(direct).toContain('koa');
  });

  it('leave no inlined package dev-only in the lock, so npm audit --omit=dev and licence listings see it', () => {
    expect(inlined.length).toBeGreaterThan(20);
    const devOnly = inlined.filter((name) => {
      const entries = Object.entries(lock).filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));
      return entries.length === 0 || entries.every(([, entry]) => entry.dev === true);
    });
    expect(devOnly).toEqual([]);
  });

  it('keep the swagger-ui-dist telemetry script off through the setting scarf itself reads', () => {
    expect(pkg.scarfSettings).toEqual({ enabled: false });
  });
});
