/**
 * Fills the server's start-up cache (engine/loading/load-cache.ts) so that even the first start parses no YAML:
 * `npm run build` (and so `npm install`, through prepare) runs the bundled form, dist/load-cache-warm.js.
 * It loads the project's masters and rules as the server does. It never fails the build: without
 * masters and rules (the Docker build stage has none) or with a broken set (the server then refuses to
 * start and names each problem), it says so and leaves the cache alone.
 */
import { DEFAULT_LOAD_CACHE, loadEngine } from '../engine/index.ts';

try {
  loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
  process.stdout.write(`load cache: ${DEFAULT_LOAD_CACHE}\n`);
} catch (err) {
  process.stdout.write(`load cache not written (the server will parse the YAML at start): ${(err as Error).message.split('\n')[0]}\n`);
}
