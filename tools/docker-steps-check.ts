/**
 * Proves the Dockerfile's steps without a Docker engine: reads the Dockerfile and performs what each
 * instruction does, in temp directories standing for the two stages.
 * - build stage: COPY from the project, RUN each command (apt-get lines are skipped: this machine has
 *   the toolchain already; they only matter in the slim base image);
 * - runtime stage: COPY --from=build and COPY from the project, ENV; RUN lines that need root and the
 *   image's user (mkdir/chown of /data) are skipped, and PAYROLL_DB/PORT point at a temp file and a
 *   free port;
 * - then the CMD is started, the HEALTHCHECK command must exit 0, /readyz and /docs must answer 200, and
 *   SIGTERM must end the server with exit 0.
 *
 *   npm run docker:check            (takes minutes: a clean `npm ci` compiles the SQLite driver)
 */
import { execSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './measure-startup.ts';

const ROOT = join(import.meta.dirname, '..');

interface Instruction {
  keyword: string;
  args: string;
}

function parseDockerfile(text: string): Instruction[][] {
  const joined = text.replace(/\\\n/g, ' ');
  const stages: Instruction[][] = [];
  for (const line of joined.split('\n')) {
    const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!m || line.trim().startsWith('#')) continue;
    if (m[1] === 'FROM') stages.push([]);
    stages.at(-1)?.push({ keyword: m[1], args: m[2].trim() });
  }
  return stages;
}

/** COPY: sources relative to `from` (a --from stage's paths are absolute there: its WORKDIR is `from`). */
function copy(from: string, args: string, into: string, workdir: string): void {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  const dest = parts.pop()!;
  for (const given of parts) {
    const src = given.startsWith(`${workdir}/`) ? given.slice(workdir.length + 1) : given;
    const target = dest.endsWith('/') || parts.length > 1 ? join(into, dest, src.split('/').pop()!) : join(into, dest);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(from, src), target, { recursive: true });
  }
}

function step(message: string): void {
  process.stdout.write(`docker-steps-check: ${message}\n`);
}

async function main(): Promise<number> {
  const [build, runtime] = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'docker-steps-'));
  const buildDir = join(work, 'build');
  const runDir = join(work, 'runtime');
  mkdirSync(buildDir);
  mkdirSync(runDir);
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const buildWorkdir = build.find((i) => i.keyword === 'WORKDIR')?.args ?? '/';
    for (const { keyword, args } of build) {
      if (keyword === 'COPY') copy(ROOT, args, buildDir, buildWorkdir);
      if (keyword === 'RUN' && /apt-get/.test(args)) step(`skip (toolchain present here): RUN ${args.slice(0, 60)}...`);
      else if (keyword === 'RUN') {
        step(`build: RUN ${args}`);
        execSync(args, { cwd: buildDir, stdio: 'inherit' });
      }
    }
    if (!existsSync(join(buildDir, 'dist/main.js'))) throw new Error('the build stage produced no dist/main.js');
    const env: Record<string, string> = {};
    let cmd: string[] = [];
    let healthcheck: string[] = [];
    for (const { keyword, args } of runtime) {
      if (keyword === 'COPY') copy(args.includes('--from=build') ? buildDir : ROOT, args, runDir, buildWorkdir);
      if (keyword === 'ENV') for (const m of args.matchAll(/(\w+)=(\S+)/g)) env[m[1]] = m[2];
      if (keyword === 'RUN') step(`skip (needs the image's root and user): RUN ${args}`);
      if (keyword === 'CMD') cmd = JSON.parse(args);
      if (keyword === 'HEALTHCHECK') healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
    }
    const port = await freePort();
    const runEnv = { ...process.env, ...env, PORT: String(port), PAYROLL_DB: join(work, 'data/payroll.sqlite'), PAYROLL_DATABASE_URL: '' };
    step(`runtime: ${cmd.join(' ')} on port ${port}`);
    server = spawn(cmd[0], cmd.slice(1), { cwd: runDir, env: runEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    let healthy = false;
    for (let i = 0; i < 300 && !healthy && server.exitCode === null; i += 1) {
      healthy = spawnSync(healthcheck[0], healthcheck.slice(1), { env: runEnv }).status === 0;
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    if (!healthy) throw new Error('the HEALTHCHECK never passed');
    step('HEALTHCHECK passed');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}`);
    step('/readyz 200');
    // The image holds dist/, not server/: the interactive reference must come from what the build put there.
    const docs = await fetch(`http://127.0.0.1:${port}/docs`);
    if (docs.status !== 200) throw new Error(`/docs answered ${docs.status}`);
    step('/docs 200');
    server.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the server exited ${code} after SIGTERM`);
    step('SIGTERM: drained and exited 0. All steps passed.');
    return 0;
  } catch (err) {
    process.stderr.write(`docker-steps-check: FAILED: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
