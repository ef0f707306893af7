/**
 * The Dockerfile, checked without a Docker engine: linted with dockerfile-utils (the linter of the VS
 * Code Docker extension; hadolint is not packaged for this machine), and held to what
 * docs/deployment.md promises: multi-stage on node:20-bookworm-slim, non-root, a HEALTHCHECK on
 * /healthz, node (not npm) as the command so SIGTERM reaches the server. tools/docker-steps-check.ts
 * runs the steps themselves.
 */
import { readFileSync } from 'node:fs';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);

describe('Dockerfile', () => {
  it('has no lint problems', () => {
    expect(validate(dockerfile)).toEqual([]);
  });

  it('the linter does report a broken instruction (the check can fail)', () => {
    expect(validate('FROM node:20-bookworm-slim\nEXPOSE eighty\nHEALTHCHECK --interval=abc CMD true\n').length).toBeGreaterThan(0);
  });

  it('builds in one stage and runs in another, both on node:20-bookworm-slim', () => {
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(/^node:20-bookworm-slim\b/);
    expect(stages[1]).not.toMatch(/apt-get|g\+\+/);
  });

  it('runs as the non-root node user, probes /healthz and starts node directly', () => {
    const runtime = stages[1];
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \[[^\n]*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
  });
});
