/** The real engine, loaded once per test worker (loading compiles every master and rule). */
import { loadEngine, type Engine } from '../../../engine/index.ts';

let engine: Engine | undefined;

export function realEngine(): Engine {
  engine ??= loadEngine();
  return engine;
}
