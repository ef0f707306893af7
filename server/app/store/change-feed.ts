/**
 * A feed of committed cache-generation changes (an account's generation is bumped by key revocation,
 * plan change and profile PUT; store/types.ts), pushed by the store to every process that listens, so a
 * process can trust what it last read of a generation without reading it again per request
 * (store/watched-generations.ts). PostgreSQL has one (LISTEN/NOTIFY, store/pg-change-feed.ts); the
 * embedded SQLite store has none and every request reads the generation, a local read.
 *
 * The feed is trusted only while it is `live`: connected, listening, and heard from within its lease.
 * Whenever it may have missed a change (a dropped connection, a lease that ran out) its epoch changes
 * and its subscribers forget what they hold.
 */
export interface GenerationChange {
  accountId: string;
  generation: number;
}

export interface ChangeSubscriber {
  change(change: GenerationChange): void;
  /** The feed may have missed changes: forget every generation learned so far. */
  reset(): void;
}

export interface ChangeFeed {
  /** Whether every change committed so far has been delivered (up to the delivery of one message). */
  live(): boolean;
  /** Changes each time the feed (re)starts listening or loses its connection. */
  epoch(): number;
  subscribe(subscriber: ChangeSubscriber): () => void;
  /** Settles once the first connection is listening or has failed (start-up waits for it, bounded). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}
