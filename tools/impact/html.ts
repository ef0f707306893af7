/**
 * The impact report as one self-contained HTML page: the data as JSON in the page, Chart.js (its UMD
 * build read from node_modules and inlined) draws the charts, and nothing is fetched at view time, so
 * the page can be attached to a review or opened offline years later.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Change } from './run.ts';
import type { ImpactSummary } from './summary.ts';

const require = createRequire(import.meta.url);

function chartJsSource(): string {
  // the package's "exports" hide dist/; its main entry sits in dist/, next to the UMD build
  const main = require.resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside <script>: "</script>" and "<!--" must not appear literally. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

function traceTable(c: Change): string {
  const base = c.base.trace ?? [];
  const head = c.head.trace ?? [];
  const rows: string[] = [];
  for (let i = 0; i < Math.max(base.length, head.length); i++) {
    const b = base[i];
    const h = head[i];
    const changed = !b || !h || b.step !== h.step || b.formula_code !== h.formula_code || JSON.stringify(b.rounded_amount) !== JSON.stringify(h.rounded_amount);
    const inputs = (s: typeof b) => (s && changed ? `<details><summary>inputs</summary><pre>${esc(JSON.stringify(s.inputs, null, 1))}</pre></details>` : '');
    rows.push(
      `<tr class="${changed ? 'changed' : ''}"><td>${esc((h ?? b).step)}</td>` +
        `<td>${b ? esc(b.formula_code) : ''}</td><td class="num">${b ? esc(b.rounded_amount) : ''}${inputs(b)}</td>` +
        `<td class="num">${h ? esc(h.rounded_amount) : ''}${inputs(h)}</td><td>${h ? esc(h.formula_code) : ''}</td></tr>`,
    );
  }
  const errors = c.base.error || c.head.error ? `<p>base: ${esc(c.base.error ?? 'result')} — head: ${esc(c.head.error ?? 'result')}</p>` : '';
  return `<section class="case" data-case="${esc(c.id)}"><h3>${esc(c.id)} <small>${esc(c.calculation)} ${esc(Object.entries(c.tags).map(([k, v]) => `${k}=${v}`).join(' '))}</small></h3>${errors}
<table><thead><tr><th>step</th><th>base formula</th><th>base</th><th>head</th><th>head formula</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

export function htmlReport(s: ImpactSummary): string {
  const data = {
    byAmount: s.byAmount,
    byFormulaCode: s.byFormulaCode,
    distributions: s.distributions,
  };
  const amountRows = Object.entries(s.distributions)
    .map(([name, d]) => `<tr data-amount="${esc(name)}"><td>${esc(name)}</td><td class="num">${d.n}</td><td class="num">${d.min}</td><td class="num">${d.q1}</td><td class="num">${d.median}</td><td class="num">${d.q3}</td><td class="num">${d.max}</td></tr>`)
    .join('');
  const codeRows = Object.entries(s.byFormulaCode).map(([code, n]) => `<tr data-formula-code="${esc(code)}"><td>${esc(code)}</td><td class="num">${n}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Impact report: ${esc(s.base)} → ${esc(s.head)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px}
.num{text-align:right;font-variant-numeric:tabular-nums}tr.changed{background:#fff3c4}.charts{display:grid;grid-template-columns:1fr 1fr;gap:2em}
.chart{position:relative;height:320px}pre{margin:0;font-size:12px}small{color:#666;font-weight:normal}
</style></head><body>
<h1>Impact report</h1>
<p>base <b>${esc(s.base)}</b> <code>${esc(s.baseHash)}</code><br>head <b>${esc(s.head)}</b> <code>${esc(s.headHash)}</code></p>
<p id="totals">results compared: <b id="compared">${s.compared}</b>; changed: <b id="changed">${s.changed}</b>; with an error on one side only: <b id="errors-changed">${s.errorsChanged}</b></p>
${s.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('')}
<div class="charts">
<div><h2>Changed results by amount</h2><div class="chart"><canvas id="by-amount"></canvas></div></div>
<div><h2>Changed results by formula code</h2><div class="chart"><canvas id="by-formula-code"></canvas></div></div>
<div><h2>Change in yen (head − base): min, quartiles, max</h2><div class="chart"><canvas id="distribution"></canvas></div></div>
</div>
<h2>Distribution of the change, in yen</h2>
<table id="amounts"><thead><tr><th>amount</th><th>changed</th><th>min</th><th>q1</th><th>median</th><th>q3</th><th>max</th></tr></thead><tbody>${amountRows}</tbody></table>
<h2>By formula code</h2>
<table id="formula-codes"><thead><tr><th>formula code</th><th>changed results</th></tr></thead><tbody>${codeRows}</tbody></table>
<h2>Largest changes, base and head traces side by side</h2>
${s.largest.map(traceTable).join('\n')}
<script>${chartJsSource()}</script>
<script id="impact-data" type="application/json">${scriptJson(data)}</script>
<script>
(function () {
  var data = JSON.parse(document.getElementById('impact-data').textContent);
  // a fresh options object per chart: Chart.js writes its resolved scales into the object it is given
  function common(extra) {
    return Object.assign({ animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } } }, extra || {});
  }
  var amounts = Object.keys(data.byAmount);
  var codes = Object.keys(data.byFormulaCode);
  var dist = Object.keys(data.distributions);
  window.impactCharts = {
    byAmount: new Chart(document.getElementById('by-amount'), { type: 'bar', data: { labels: amounts, datasets: [{ label: 'changed results', data: amounts.map(function (k) { return data.byAmount[k]; }), backgroundColor: '#3b7dd8' }] }, options: common() }),
    byFormulaCode: new Chart(document.getElementById('by-formula-code'), { type: 'bar', data: { labels: codes, datasets: [{ label: 'changed results', data: codes.map(function (k) { return data.byFormulaCode[k]; }), backgroundColor: '#d8843b' }] }, options: common({ indexAxis: 'y' }) }),
    distribution: new Chart(document.getElementById('distribution'), { type: 'bar', data: { labels: dist, datasets: [
      { label: 'min to max', data: dist.map(function (k) { var d = data.distributions[k]; return [d.min, d.max]; }), backgroundColor: '#c9d7ef', grouped: false, minBarLength: 6, order: 2 },
      { label: 'q1 to q3', data: dist.map(function (k) { var d = data.distributions[k]; return [d.q1, d.q3]; }), backgroundColor: '#3b7dd8', grouped: false, barPercentage: 0.4, minBarLength: 6, order: 1 }
    ] }, options: common({ plugins: { legend: { display: true } }, scales: { y: { grace: '25%' } } }) })
  };
})();
</script>
</body></html>
`;
}
