/**
 * The service's Prometheus metrics (GET /metrics), kept by prom-client: requests and their latency by
 * route, method and status, calculations by type and status, the rate-limit backend's state and the
 * reloads of the masters and rules. Only routing facts are labels: never an account, a company or a
 * value of a request, so the series stay few and no employee data leaves the process this way.
 *
 * One registry per app (tests make many apps in one process); under PAYROLL_WORKERS > 1 each worker
 * keeps its own and the primary sums them on request (cluster-metrics.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BackendHealth } from '../rate-limit/backends.ts';
import { CALCULATION_ENDPOINTS } from '../routes/calculation-endpoints.ts';
import { shareWithClusterPrimary } from './cluster-metrics.ts';

/** Seconds: from well under the typical calculation to the store timeout and beyond. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the metrics read when scraped rather than per request. */
export interface MetricsSources {
  rateLimit: () => BackendHealth;
  /** How many reloads (SIGHUP) this process made, by outcome; absent for an engine that never reloads. */
  reloads?: () => { loaded: number; refused: number };
}

/** The route label of a request that matched no route (keeps 404 scans from minting series). */
export const UNMATCHED_ROUTE = 'unmatched';

const CALCULATION_TYPE_OF_ROUTE = new Map<string, string>(CALCULATION_ENDPOINTS.map((e) => [e.path, e.type]));

/** Node.js's own metrics (CPU, memory, event-loop delay, GC), one set per process however many apps it makes. */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export interface Metrics {
  /** The app's registry and the process's: what GET /metrics answers. */
  readonly registries: readonly Registry[];
  /** One answered request: its route pattern (null when none matched), method, status and seconds. */
  observeRequest(route: string | null, method: string, status: number, seconds: number): void;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registries = [registry, processRegistry()];
  shareWithClusterPrimary(registries);
  const requests = new Counter({
    name: 'payroll_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'payroll_http_request_duration_seconds',
    help: 'Time from the request reaching the app to its answer, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const calculations = new Counter({
    name: 'payroll_calculations_total',
    help: 'Calculation requests answered, by calculation type and status (200: calculated).',
    labelNames: ['type', 'status'],
    registers: [registry],
  });
  new Gauge({
    name: 'payroll_rate_limit_backend_state',
    help: 'The rate-limit backend and its state: 1 for the state it is in, 0 for the other (degraded: each process limits on its own).',
    labelNames: ['backend', 'state'],
    registers: [registry],
    collect() {
      const { backend, state } = sources.rateLimit();
      this.reset();
      this.set({ backend, state: 'ok' }, state === 'ok' ? 1 : 0);
      this.set({ backend, state: 'degraded' }, state === 'degraded' ? 1 : 0);
    },
  });
  new Counter({
    name: 'payroll_reloads_total',
    help: 'Reloads of the masters and rules (SIGHUP) by outcome: loaded, or refused (the previous set serves on).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const counts = sources.reloads?.() ?? { loaded: 0, refused: 0 };
      this.reset();
      this.inc({ outcome: 'loaded' }, counts.loaded);
      this.inc({ outcome: 'refused' }, counts.refused);
    },
  });

  // prom-client hashes a label set on each call: each (route, method, status) is bound once.
  type Bound = { count: () => void; observe: (seconds: number) => void; calculation?: () => void };
  const bound = new Map<string, Bound>();
  return {
    registries,
    observeRequest(route, method, status, seconds) {
      const label = route ?? UNMATCHED_ROUTE;
      const key = `${label} ${method} ${status}`;
      let b = bound.get(key);
      if (b === undefined) {
        const labels = { route: label, method, status: String(status) };
        const type = method === 'POST' ? CALCULATION_TYPE_OF_ROUTE.get(label) : undefined;
        const counter = requests.labels(labels);
        const histogram = latency.labels(labels);
        const calculation = type === undefined ? undefined : calculations.labels({ type, status: String(status) });
        b = { count: () => counter.inc(), observe: (s) => histogram.observe(s), calculation: calculation && (() => calculation.inc()) };
        bound.set(key, b);
      }
      b.count();
      b.observe(seconds);
      b.calculation?.();
    },
  };
}
