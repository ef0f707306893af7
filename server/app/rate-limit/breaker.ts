/**
 * A circuit breaker in front of a shared rate-limit backend (Redis), so that a backend that stops
 * answering without dropping its connection (a frozen host, SIGSTOP) costs no more than one that is
 * down: after FAILURES_TO_OPEN failures in a row (timeouts, errors; a claim that gets no points is an
 * answer, not a failure) the circuit opens and every call fails at once, which sends it to the in-memory
 * insurance limiter (insured.ts). While open, the breaker probes the backend itself every PROBE_INTERVAL_MS
 * (a PING, not a client's request, so no request waits on a frozen backend) and closes on the first
 * answer. The per-process limit of the open state is the one a dead backend gets (decisions.md).
 */

export const FAILURES_TO_OPEN = 3;
const PROBE_INTERVAL_MS = 1000;

export type BreakerState = 'closed' | 'open';

export interface Breaker {
  /** `call` behind the breaker: while open it fails at once, without calling. */
  guard<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  state(): BreakerState;
  /** Calls that reached the backend (each is one round trip): for benchmarks and tests. */
  calls(): number;
  close(): void;
}

export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
}

export function createBreaker(
  probe: () => Promise<unknown>,
  options: { failuresToOpen?: number; probeIntervalMs?: number; onChange?: (state: BreakerState) => void } = {},
): Breaker {
  const failuresToOpen = options.failuresToOpen ?? FAILURES_TO_OPEN;
  const probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  let failures = 0;
  let open = false;
  let calls = 0;
  let prober: NodeJS.Timeout | undefined;
  let probing = false;

  function trip(): void {
    if (open) return;
    open = true;
    options.onChange?.('open');
    prober = setInterval(() => {
      if (probing) return;
      probing = true;
      probe().then(
        () => {
          probing = false;
          open = false;
          failures = 0;
          clearInterval(prober);
          options.onChange?.('closed');
        },
        () => (probing = false),
      );
    }, probeIntervalMs);
    prober.unref();
  }

  return {
    guard:
      (call) =>
      async (...args) => {
        if (open) throw new CircuitOpenError('the rate-limit backend is not answering; limiting in this process');
        calls += 1;
        try {
          const answer = await call(...args);
          failures = 0;
          return answer;
        } catch (err) {
          failures += 1;
          if (failures >= failuresToOpen) trip();
          throw err;
        }
      },
    state: () => (open ? 'open' : 'closed'),
    calls: () => calls,
    close: () => clearInterval(prober),
  };
}
