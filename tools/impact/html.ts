/**
 * The impact report as one self-contained HTML page: the data as JSON in the page, Chart.js (its UMD
 * build read from node_modules and inlined) draws the charts, and nothing is fetched at view time, so
 * the page can be attached to a review or opened offline years later.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DIMENSIONS } from './groups.ts';
import type { Change } from './run.ts';
import type { ImpactSummary } from './summary.ts';
import { causes } from './text.ts';

const require = createRequire(import.meta.url);

function chartJsSource(): string {
  // the package's "exports" hide dist/; its main entry sits in dist/, next to the UMD build
  const main = require.resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Identifiers (steps, formula codes) may break after _ and . only, never inside a word. */
const ident = (s: unknown) => esc(s).replace(/([_.])/g, '$1<wbr>');
/** JSON inside <script>: "</script>" and "<!--" must not appear literally. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * One case: its version and rate changes first, then the steps, one row each, with the formula code
 * once (both codes when they differ) and the inputs of a changed step folded under it; long values wrap
 * inside their cell, so the table keeps to the page's width.
 */
function traceTable(c: Change): string {
  const base = c.base.trace ?? [];
  const head = c.head.trace ?? [];
  const rows: string[] = [];
  for (let i = 0; i < Math.max(base.length, head.length); i++) {
    const b = base[i];
    const h = head[i];
    const changed =
      !b ||
      !h ||
      b.step !== h.step ||
      b.formula_code !== h.formula_code ||
      JSON.stringify(b.rounded_amount) !== JSON.stringify(h.rounded_amount);
    const formula =
      b && h && b.formula_code !== h.formula_code ? `${ident(b.formula_code)} → ${ident(h.formula_code)}` : ident((h ?? b).formula_code);
    const inputs = changed
      ? `<details><summary>inputs</summary><div class="inputs"><div><b>base</b><pre>${esc(JSON.stringify(b?.inputs ?? null, null, 1))}</pre></div><div><b>head</b><pre>${esc(JSON.stringify(h?.inputs ?? null, null, 1))}</pre></div></div></details>`
      : '';
    rows.push(
      `<tr class="${changed ? 'changed' : ''}"><td>${ident((h ?? b).step)}</td><td class="code">${formula}${inputs}</td>` +
        `<td class="num">${b ? esc(b.rounded_amount) : ''}</td><td class="num">${h ? esc(h.rounded_amount) : ''}</td></tr>`,
    );
  }
  const errors =
    c.base.error || c.head.error ? `<p>base: ${esc(c.base.error ?? 'result')} — head: ${esc(c.head.error ?? 'result')}</p>` : '';
  const why = causes(c)
    .map((l) => `<p class="cause">${esc(l)}</p>`)
    .join('');
  return `<section class="case" data-case="${esc(c.id)}"><h3>${esc(c.id)} <small>${esc(c.calculation)} ${esc(
    Object.entries(c.tags)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  )}</small></h3>${errors}${why}
<table class="trace"><colgroup><col class="c-step"><col><col class="c-num"><col class="c-num"></colgroup><thead><tr><th>step</th><th>formula</th><th>base</th><th>head</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

const TITLES = { pay_type: 'pay type', premium_month: 'premium month', prefecture: 'prefecture' } as const;

/** One table per dimension: every group with a change (changed, compared, share), the others counted. */
function breakdownTables(s: ImpactSummary): string {
  return DIMENSIONS.map((d) => {
    const entries = Object.entries(s.groups[d]).sort(([a], [b]) => a.localeCompare(b));
    const changed = entries.filter(([, g]) => g.changed > 0);
    const rows = changed
      .map(
        ([k, g]) =>
          `<tr data-group="${esc(k)}"><td>${ident(k)}</td><td class="num">${g.changed}</td><td class="num">${g.compared}</td><td class="num">${((100 * g.changed) / g.compared).toFixed(1)} %</td></tr>`,
      )
      .join('');
    const rest = entries.length - changed.length;
    return `<div><h3>By ${TITLES[d]}</h3><div class="scroll"><table id="by-${d.replace('_', '-')}"><thead><tr><th>${TITLES[d]}</th><th>changed</th><th>compared</th><th>share</th></tr></thead><tbody>${rows}</tbody></table></div>${rest ? `<p class="muted">${rest} other ${TITLES[d]} group(s) unchanged</p>` : ''}</div>`;
  }).join('');
}

function countTable(id: string, head: string, counts: Record<string, number>): string {
  if (!Object.keys(counts).length) return '';
  const rows = Object.entries(counts)
    .map(([k, n]) => `<tr><td class="code">${ident(k)}</td><td class="num">${n}</td></tr>`)
    .join('');
  return `<table id="${id}"><thead><tr><th>${esc(head)}</th><th>changed results</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function htmlReport(s: ImpactSummary): string {
  const data = {
    byAmount: s.byAmount,
    byFormulaCode: s.byFormulaCode,
    distributions: s.distributions,
  };
  const amountRows = Object.entries(s.distributions)
    .map(
      ([name, d]) =>
        `<tr data-amount="${esc(name)}"><td>${ident(name)}</td><td class="num">${d.n}</td><td class="num">${d.min}</td><td class="num">${d.q1}</td><td class="num">${d.median}</td><td class="num">${d.q3}</td><td class="num">${d.max}</td></tr>`,
    )
    .join('');
  const codeRows = Object.entries(s.byFormulaCode)
    .map(([code, n]) => `<tr data-formula-code="${esc(code)}"><td class="code">${ident(code)}</td><td class="num">${n}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Impact report: ${esc(s.base)} → ${esc(s.head)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<style>
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;padding:1.5em;max-width:1400px;color:#222;overflow-wrap:break-word}
table{border-collapse:collapse;margin:.5em 0;max-width:100%}td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}th{overflow-wrap:normal}tr.changed{background:#fff3c4}
.code{font-family:ui-monospace,monospace;font-size:12px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,34em),1fr));gap:2em}.charts>div{min-width:0}
.chart{position:relative;height:320px}.wide{grid-column:1/-1}
.groups{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22em),1fr));gap:1em 2em}
table.trace{width:100%;table-layout:fixed}col.c-step{width:28%}col.c-num{width:7.5em}
.inputs{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,16em),1fr));gap:.5em}
pre{margin:0;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}small{color:#666;font-weight:normal}
.warning{background:#fde2e1;border-left:4px solid #c62828;padding:.4em .8em}.cause{margin:.2em 0;font-family:ui-monospace,monospace;font-size:12px}
.muted{color:#666;margin-top:0}.scroll{overflow-x:auto;max-width:100%}code{overflow-wrap:anywhere}
</style></head><body>
<h1>Impact report</h1>
${s.warnings.map((w) => `<p class="warning">${esc(w)}</p>`).join('')}
<p>base <b>${esc(s.base)}</b> <code>${esc(s.baseHash)}</code><br>head <b>${esc(s.head)}</b> <code>${esc(s.headHash)}</code></p>
<p id="totals">results compared: <b id="compared">${s.compared}</b>; changed: <b id="changed">${s.changed}</b>; with an error on one side only: <b id="errors-changed">${s.errorsChanged}</b></p>
${s.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('')}
<h2>Changed results by pay type, premium month and prefecture</h2>
<div class="groups">${breakdownTables(s)}</div>
${Object.keys(s.versionChanges).length ? `<h2>Table versions chosen differently</h2>${countTable('version-changes', 'version base → head', s.versionChanges)}` : ''}
${Object.keys(s.rateChanges).length ? `<h2>Rates that differ</h2>${countTable('rate-changes', 'step.input base → head', s.rateChanges)}` : ''}
<div class="charts">
<div><h2>Changed results by amount</h2><div class="chart"><canvas id="by-amount"></canvas></div></div>
<div><h2>Change in yen (head − base): min, quartiles, max</h2><div class="chart"><canvas id="distribution"></canvas></div></div>
<div class="wide"><h2>Changed results by formula code</h2><div class="chart" style="height:${80 + 22 * Object.keys(s.byFormulaCode).length}px"><canvas id="by-formula-code"></canvas></div></div>
</div>
<h2>Distribution of the change, in yen</h2>
<div class="scroll"><table id="amounts"><thead><tr><th>amount</th><th>changed</th><th>min</th><th>q1</th><th>median</th><th>q3</th><th>max</th></tr></thead><tbody>${amountRows}</tbody></table></div>
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
