/**
 * Requests sent one after another while something runs (a reload), each with a deadline that only a hang
 * misses: what a client sees meanwhile (statuses and fingerprints), a reset or a hang as a failure.
 */
import { PATHS } from './bodies.ts';
import { oneYenTaxBody } from './one-yen-body.ts';

/** No answer within this is a hang, not a slow answer (the reload's own bound is stated in docs/reliability.md). */
export const HANG_MS = 10_000;

export interface Answer {
  status: number;
  income_tax?: number;
  rules_masters_hash?: string;
}

export async function callsDuring(url: string, key: string, running: Promise<unknown>): Promise<Answer[]> {
  let done = false;
  const stop = () => (done = true);
  running.then(stop, stop);
  const answers: Answer[] = [];
  do {
    const res = await fetch(`${url}${PATHS.incomeTax}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify(oneYenTaxBody()),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const json = (await res.json()) as { amounts?: { income_tax?: number }; settings_snapshot?: { rules_masters_hash?: string } };
    answers.push({
      status: res.status,
      income_tax: json.amounts?.income_tax,
      rules_masters_hash: json.settings_snapshot?.rules_masters_hash,
    });
  } while (!done);
  await running;
  return answers;
}
