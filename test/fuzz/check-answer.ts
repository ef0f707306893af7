/**
 * What every answer of the service must be, whatever was sent: a 2xx, or a documented 4xx whose body
 * is the error envelope with a registered code of that status and the request id of the header.
 * Never a 5xx, never a connection closed without an answer; a hang fails the run by its timeout.
 */
import { request } from 'node:http';
import { ERROR_REGISTRY, isErrorCode } from '../../server/app/errors/registry.ts';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One request on its own connection (agent: false), so no case can be blamed on a connection an
 * earlier case left behind, with the body written as given (any bytes, any Content-Encoding).
 */
export function send(url: string, method: string, headers: Record<string, string>, body?: Uint8Array | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Returns what is wrong with the answer, or null when it is acceptable. */
export function answerProblem(answer: Answer, allowed: ReadonlySet<number>): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (!allowed.has(answer.status)) return `undocumented status ${answer.status}`;
  if (answer.status < 300) return null;
  let json: { error?: { code?: unknown; request_id?: unknown; message?: unknown; details?: unknown[] } };
  try {
    json = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} without a JSON body: ${answer.text.slice(0, 100)}`;
  }
  const error = json.error;
  if (!error || !isErrorCode(error.code)) return `status ${answer.status} without a registered error code: ${answer.text.slice(0, 200)}`;
  if (ERROR_REGISTRY[error.code].status !== answer.status) return `code ${error.code} with status ${answer.status}`;
  if (typeof error.message !== 'string' || error.message === '') return 'error without a message';
  if (error.request_id !== answer.headers.get('x-request-id')) return 'request_id differs from X-Request-Id';
  if (error.code === 'validation_error' && (!Array.isArray(error.details) || error.details.length === 0 || error.details.length > 100))
    return `validation_error with ${error.details?.length} details`;
  return null;
}
