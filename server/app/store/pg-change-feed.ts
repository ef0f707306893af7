/**
 * The PostgreSQL change feed (store/change-feed.ts): one dedicated connection per process that LISTENs
 * on CHANGE_CHANNEL. Every statement that bumps an account's cache generation sends pg_notify in the
 * same transaction (notifyGenerationSql), so the notice exists exactly when the change is committed.
 * PostgreSQL signals every listening session at commit, before the committing client has its answer,
 * and a session delivers pending notices before the answer to any later query on it.
 *
 * What can go wrong and what it does:
 * - the connection drops (error or end): the epoch changes and subscribers forget everything at once;
 *   it reconnects with backoff, and after LISTEN succeeds subscribers forget again (anything committed
 *   while nobody listened is unknown), then trust what they read from then on;
 * - the connection hangs without dropping (a frozen host, a silent network): a heartbeat query every
 *   HEARTBEAT_MS must answer, and the feed is live only within LEASE_MS of the last thing heard, so a
 *   silent feed stops being trusted after at most LEASE_MS, and a heartbeat that fails drops it.
 * Notices carry the schema they were sent from: several schemas of one database (tests) share channels.
 * The connection runs one query at a time (acknowledgements of a burst of notices, the heartbeat):
 * pg queues overlapping queries itself but warns that it will stop doing so.
 *
 * Revocation at once: the writer does not return when its transaction commits but when every listening
 * process has applied the notice. Each listener acknowledges every notice it applied (ACK_CHANNEL, with
 * the writer's token); the writer counts the listeners (pg_stat_activity, by application_name) after its
 * commit and waits for that many acknowledgements, at most LEASE_MS. A listener that has not acknowledged
 * by then cannot still be trusting its generations: its lease is measured from when its last answered
 * heartbeat was SENT, and a heartbeat sent after the commit is answered only after the notice (a session
 * delivers pending notices before its next answer), so a process whose lease is still running at
 * commit + LEASE_MS has applied the notice.
 */
import type pgModule from 'pg';
import type { Client, ClientConfig, QueryResult, QueryResultRow } from 'pg';
import type { ChangeFeed, ChangeSubscriber } from './change-feed.ts';

const CHANGE_CHANNEL = 'payroll_cache_generation';
const ACK_CHANNEL = 'payroll_cache_generation_ack';
/** How listeners name their connection, so that a writer can count them. */
const LISTENER_APPLICATION_NAME = 'payroll-change-feed';
const HEARTBEAT_MS = 1000;
const LEASE_MS = 2500;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

/**
 * The pg_notify call for a statement that returns the bumped accounts rows (account_id and
 * cache_generation, as a CTE named `bumped`), the writer's token being parameter `tokenParam`:
 * "schema generation token account_id". One row (one notice) per bumped account.
 */
export function notifyGenerationSql(tokenParam: string): string {
  return `SELECT pg_notify('${CHANGE_CHANNEL}', current_schema() || ' ' || cache_generation || ' ' || ${tokenParam} || ' ' || account_id) FROM bumped`;
}

/** The listeners a writer waits for: every feed connected to this database. */
export const COUNT_LISTENERS_SQL = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`;

interface Notice {
  schema: string;
  generation: number;
  token: string;
  accountId: string;
}

function parse(payload: string): Notice | null {
  const parts: string[] = [];
  let rest = payload;
  for (let i = 0; i < 3; i++) {
    const space = rest.indexOf(' ');
    if (space < 0) return null;
    parts.push(rest.slice(0, space));
    rest = rest.slice(space + 1);
  }
  const generation = Number(parts[1]);
  return Number.isSafeInteger(generation) ? { schema: parts[0]!, generation, token: parts[2]!, accountId: rest } : null;
}

/** A writer's wait for the acknowledgements of its notices. */
export interface Delivery {
  /** Resolves once `expected` acknowledgements arrived, or after LEASE_MS (see the header). */
  wait(expected: number): Promise<void>;
  cancel(): void;
}

export interface PgChangeFeed extends ChangeFeed {
  /** Starts counting acknowledgements of `token` (before the writer's commit, so none is missed). */
  expectAcks(token: string): Delivery;
  /** The listening session's backend pid (null while not connected): for diagnostics and tests. */
  backendPid(): number | null;
}

export function openPgChangeFeed(pg: typeof pgModule, config: ClientConfig): PgChangeFeed {
  const subscribers = new Set<ChangeSubscriber>();
  let client: Client | null = null;
  let listening = false;
  let schema = '';
  let epoch = 0;
  let heardAt = 0;
  let closed = false;
  let backoff = RECONNECT_MIN_MS;
  let heartbeatBusy = false;
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const acks = new Map<string, { count: number; expected: number; done: () => void }>();

  /** Per connection, the query last issued (settled or not): the next one starts after it. */
  const lastQuery = new WeakMap<Client, Promise<unknown>>();

  /**
   * Runs a query on c once the one before it has settled. `onSend` runs as it is sent: a heartbeat's
   * lease runs from then, not from when it was queued behind acknowledgements.
   */
  function query<R extends QueryResultRow>(c: Client, sql: string, params?: unknown[], onSend?: () => void): Promise<QueryResult<R>> {
    const run = () => {
      onSend?.();
      return c.query<R>(sql, params);
    };
    const next = (lastQuery.get(c) ?? Promise.resolve()).then(run);
    lastQuery.set(
      c,
      next.catch(() => {}),
    );
    return next;
  }

  const resetAll = () => {
    for (const s of subscribers) s.reset();
  };

  function lose(c: Client): void {
    if (client !== c) return;
    client = null;
    listening = false;
    epoch += 1;
    resetAll();
    void c.end().catch(() => {});
    if (closed) return;
    setTimeout(() => void connect(), backoff).unref();
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    // query_timeout: a heartbeat that hangs rejects, and the connection is dropped.
    const c = new pg.Client({ ...config, keepAlive: true, query_timeout: LEASE_MS, application_name: LISTENER_APPLICATION_NAME });
    client = c;
    c.on('error', () => lose(c));
    c.on('end', () => lose(c));
    c.on('notification', (message) => {
      if (client !== c || !message.payload) return;
      if (message.channel === ACK_CHANNEL) {
        const waiting = acks.get(message.payload);
        if (waiting && ++waiting.count >= waiting.expected) waiting.done();
        return;
      }
      const notice = message.channel === CHANGE_CHANNEL ? parse(message.payload) : null;
      if (!notice) return;
      if (notice.schema === schema) {
        for (const s of subscribers) s.change({ accountId: notice.accountId, generation: notice.generation });
      }
      // Applied (or not ours): acknowledged either way, since the writer counts every listener.
      query(c, 'SELECT pg_notify($1, $2)', [ACK_CHANNEL, notice.token]).catch(() => lose(c));
    });
    try {
      await c.connect();
      schema = (await query<{ s: string }>(c, 'SELECT current_schema() AS s')).rows[0]!.s;
      const sentAt = Date.now();
      await query(c, `LISTEN ${CHANGE_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
      if (client === c) {
        listening = true;
        heardAt = sentAt;
        backoff = RECONNECT_MIN_MS;
        epoch += 1;
        resetAll();
      }
    } catch {
      lose(c);
    } finally {
      settle();
    }
  }

  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || !listening || heartbeatBusy) return;
    heartbeatBusy = true;
    // The lease runs from when the heartbeat was sent (see the header), not from when it was answered.
    let sentAt = 0;
    query(c, 'SELECT 1', undefined, () => (sentAt = Date.now())).then(
      () => {
        if (client === c) heardAt = sentAt;
        heartbeatBusy = false;
      },
      () => {
        heartbeatBusy = false;
        lose(c);
      },
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  void connect();

  return {
    live: () => listening && Date.now() - heardAt < LEASE_MS,
    epoch: () => epoch,
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    ready,
    backendPid: () => (listening ? ((client as unknown as { processID?: number } | null)?.processID ?? null) : null),
    expectAcks(token) {
      let done = () => {};
      const arrived = new Promise<void>((resolve) => (done = resolve));
      const waiting = { count: 0, expected: Number.POSITIVE_INFINITY, done };
      acks.set(token, waiting);
      return {
        async wait(expected) {
          waiting.expected = expected;
          if (waiting.count >= expected) return;
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, LEASE_MS)))]);
          clearTimeout(timer);
        },
        cancel: () => acks.delete(token),
      };
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
