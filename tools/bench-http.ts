/**
 * HTTP part of `npm run bench`: the real server in its own process (as `npm start` runs it) on a
 * temporary SQLite store, a standard-plan account from the admin command, then concurrent keep-alive
 * clients for a few seconds per endpoint. The rate limit is raised for the run so it measures the
 * service, not the limiter. Figures only; nothing is asserted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');

export async function benchHttp(seconds = 3, concurrency = 16): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    PAYROLL_DB: join(dir, 'bench.sqlite'),
    PAYROLL_RATE_LIMIT_PER_SECOND: '1000000',
    PAYROLL_RATE_LIMIT_BURST: '1000000',
    LOG_LEVEL: 'warn',
  };
  delete env.PAYROLL_DATABASE_URL;
  const { api_key } = JSON.parse(execFileSync(tsx, ['tools/admin.ts', 'account', 'create', '--name', 'bench', '--plan', 'standard'], { cwd: root, env }).toString());
  const server = spawn(tsx, ['server/main.ts'], { cwd: root, env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: server.stdout! });
      lines.on('line', (line) => {
        const m = /"port":(\d+)/.exec(line);
        if (m && line.includes('listening')) resolve(Number(m[1]));
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'X-API-Key': api_key, 'Content-Type': 'application/json' };
    const put = await fetch(`${base}/cp/v1/companies/bench/calculation-profile`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ effective_from: '2025-01-01', social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' }, employment_insurance_business_type: 'general' }),
    });
    if (put.status !== 200) throw new Error(`profile PUT answered ${put.status}`);
    const common = { company_id: 'bench', calculation_date: '2026-05-20', payment_date: '2026-05-25' };
    const endpoints: [string, string, unknown][] = [
      ['POST /v1/payroll/monthly:calculate (with trace)', '/v1/payroll/monthly:calculate', {
        ...common, period: { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' },
        employee_snapshot: { employee_ref: 'e-1', tax_dependent_count: 1, tax_table_type: 'kou', is_social_insurance_subject: true,
          is_employment_insurance_subject: true, standard_monthly_remuneration: 360_000, care_insurance_subject: false },
        base_pay: 350_000 }],
      ['POST /v1/simulations/income-tax:calculate', '/v1/simulations/income-tax:calculate', {
        ...common, taxable_payment: 400_000, social_insurance_deduction_amount: 60_000, tax_table_type: 'kou', tax_dependent_count: 1 }],
    ];
    console.log(`\nHTTP (server process + ${concurrency} keep-alive clients in the bench process, ${seconds} s each)`);
    console.log('endpoint'.padEnd(58) + 'req/s'.padStart(10) + 'p50 ms'.padStart(10) + 'p99 ms'.padStart(10) + 'non-200'.padStart(9));
    for (const [name, path, body] of endpoints) {
      const payload = JSON.stringify(body);
      const latencies: number[] = [];
      let errors = 0;
      const end = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const s = performance.now();
          const res = await fetch(base + path, { method: 'POST', headers, body: payload });
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          latencies.push(performance.now() - s);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
      console.log(name.padEnd(58) + (latencies.length / elapsed).toFixed(0).padStart(10) + q(0.5).padStart(10) + q(0.99).padStart(10) + String(errors).padStart(9));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
