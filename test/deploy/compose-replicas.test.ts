/**
 * compose.replicas.yaml (docs/deployment.md, "Two replicas behind a load balancer"), checked without a
 * Docker engine: two replicas of the same image and settings on the one PostgreSQL and the one Redis
 * of the file, and a balancer whose nginx configuration sends to both of them on the service's port.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const compose = parse(readFileSync(new URL('../../compose.replicas.yaml', import.meta.url), 'utf8'), { merge: true });
const nginx = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');

describe('compose.replicas.yaml', () => {
  const replicas = ['payroll-1', 'payroll-2'].map((name) => compose.services[name]);

  it('runs two replicas of the same build and settings on the PostgreSQL and Redis of the file', () => {
    expect(replicas[0]).toBeDefined();
    expect(replicas[1]).toEqual(replicas[0]);
    const env = replicas[0].environment;
    expect(new URL(env.PAYROLL_DATABASE_URL).host).toBe('postgres:5432');
    expect(new URL(env.PAYROLL_REDIS_URL).host).toBe('redis:6379');
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'balancer']));
    expect(replicas[0].depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
  });

  it('the balancer publishes one port and its upstream lists both replicas on the service port', () => {
    expect(compose.services.balancer.ports).toEqual(['8080:8080']);
    expect(compose.services.balancer.volumes[0]).toMatch(/^\.\/deploy\/nginx\.conf:/);
    const upstream = /upstream payroll \{([^}]*)\}/.exec(nginx)![1]!;
    expect([...upstream.matchAll(/server (\S+);?/g)].map((m) => m[1])).toEqual(['payroll-1:8080', 'payroll-2:8080']);
    expect(nginx).toMatch(/proxy_pass http:\/\/payroll;/);
  });
});
