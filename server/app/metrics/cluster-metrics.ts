/**
 * /metrics under PAYROLL_WORKERS > 1. A scrape reaches one worker (they share the port), which alone
 * knows only its own requests; so it asks the primary, which asks every worker for its registry
 * (prom-client's AggregatorRegistry over the cluster's IPC channel) and answers the sum. A worker whose
 * primary does not answer in time answers its own metrics rather than nothing.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, Registry } from 'prom-client';

const REQUEST = 'payroll:metrics-request';
const ANSWER = 'payroll:metrics-answer';
/** prom-client's own wait for the workers is 5 s; the asking worker waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answer each worker's request with every worker's metrics summed. */
export function startClusterMetricsPrimary(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => worker.isConnected() && worker.send({ type: ANSWER, id, error: err.message } satisfies Answer),
    );
  });
}

let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();
let listening = false;

/** In a worker, at its app's creation: the registries the primary's sum reads from this worker. */
export function shareWithClusterPrimary(registries: readonly Registry[]): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([...registries]);
  new AggregatorRegistry(); // installs the worker's answering listener (once, inside prom-client)
}

/** This process's metrics text: the cluster's sum in a worker, its own registry's otherwise. */
export async function metricsText(registries: readonly Registry[]): Promise<string> {
  const own = () => Registry.merge([...registries]).metrics();
  if (!cluster.isWorker || !process.send) return own();
  if (!listening) {
    listening = true;
    process.on('message', (m: Answer) => {
      if (m?.type === ANSWER) waiting.get(m.id)?.(m);
    });
  }
  const id = nextId++;
  const answer = await new Promise<Answer | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ANSWER_TIMEOUT_MS);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      resolve(a);
    });
    process.send!({ type: REQUEST, id });
  }).finally(() => waiting.delete(id));
  return answer?.text ?? own();
}
