/**
 * npm run masters:import -- <kind> <file.csv> [--select VALUE] [--set FIELD=VALUE ...] [--previous FILE]
 *                           [--encoding utf-8|shift_jis] [--out FILE | --into MASTERS_DIR]
 * Turns a table in its published layout into a master YAML file with effective dates, the values given
 * with --set, the structure carried from the previous version, and TO_FILL placeholders for what is still
 * missing (sources and the like), ready for masters:check. Without --out/--into the YAML is printed on stdout.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { ImportError, readCsv } from './masters-import/csv.ts';
import { ENCODINGS, type CsvEncoding } from './masters-import/encoding.ts';
import { IMPORT_KINDS } from './masters-import/kinds/index.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './masters-import/limits.ts';
import { carryStructure, closingDate, findPrevious, readPrevious, type PreviousVersion } from './masters-import/previous.ts';
import { importReport } from './masters-import/report.ts';
import { applySets, parseSets } from './masters-import/uniform.ts';
import { masterYaml } from './masters-import/write.ts';

const setHelp = Object.entries(IMPORT_KINDS)
  .flatMap(([k, v]) =>
    (v.uniform ?? []).map(
      (f) => `${' '.repeat(23)}${k}: ${f.name} (${f.type}${f.nullable ? ' or null' : ''}${f.scope === 'record' ? ', every record' : ''})`,
    ),
  )
  .join('\n');

const HELP = `usage: npm run masters:import -- <kind> <file.csv> [options] [--out FILE | --into MASTERS_DIR]

kinds:
${Object.entries(IMPORT_KINDS)
  .map(([k, v]) => `  ${k.padEnd(22)}${v.description}`)
  .join('\n')}

  --select VALUE       the version to take: table year (withholding), premium month YYYY-MM (kyokai rates,
                       grades), fiscal year (employment insurance); default from the file name or newest
  --set FIELD=VALUE    a value the CSV does not carry, written once for the field or on every record
                       (repeatable); a rate as a fraction (0.00115) or a percentage (0.115%), yen as digits, or null:
${setHelp}
  --previous FILE      the version to carry the structure from (range convention, brackets, deductions,
                       dependants maximum, bonus method): default with --into, the newest earlier version there
  --no-previous        carry nothing
  --encoding ENC       utf-8 (default) or shift_jis (converted to UTF-8, said in the file's header);
                       a file not valid in the encoding is refused
  --out FILE           write the master there
  --into DIR           write it at its place under a masters folder (DIR/<kind folder>/<version>.yaml); refuses to overwrite
  --help               this text

Limits: a CSV of at most ${MAX_IMPORT_BYTES.toLocaleString('en-US')} bytes and ${MAX_IMPORT_ROWS.toLocaleString('en-US')} data rows; names and codes that start
with =, +, -, @ (spreadsheet formulas) are refused. Exit status: 0 written (the report says whether placeholders
are left: then the file is INCOMPLETE and masters:check refuses it), 2 refused (nothing written).`;

function fail(message: string): never {
  console.error(`masters:import: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      select: { type: 'string' },
      out: { type: 'string' },
      into: { type: 'string' },
      help: { type: 'boolean' },
      set: { type: 'string', multiple: true },
      previous: { type: 'string' },
      'no-previous': { type: 'boolean' },
      encoding: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
} catch (e) {
  fail(`${(e as Error).message} (see --help)`);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const [kindName, csv] = positionals;
if (!kindName || !csv || positionals.length > 2) fail('give a kind and one CSV file (see --help)');
const kind = IMPORT_KINDS[kindName];
if (!kind) fail(`unknown kind ${kindName}; one of ${Object.keys(IMPORT_KINDS).join(', ')}`);
if (values.out && values.into) fail('give --out or --into, not both');
if (values.previous && values['no-previous']) fail('give --previous FILE or --no-previous, not both');
const encoding = (values.encoding ?? 'utf-8')
  .toLowerCase()
  .replace(/^sjis$|^shift-jis$/, 'shift_jis')
  .replace(/^utf8$/, 'utf-8') as CsvEncoding;
if (!ENCODINGS.includes(encoding)) fail(`--encoding ${values.encoding}: one of ${ENCODINGS.join(', ')}`);

try {
  const file = resolve(csv);
  if (!existsSync(file)) throw new ImportError(`${csv}: no such file`);
  const sets = parseSets(values.set ?? [], kind.uniform ?? [], kindName);
  const imported = kind.build(readCsv(file, kind, encoding), file, { select: values.select });
  applySets(imported.doc, sets);
  let previous: PreviousVersion | null = null;
  if (values.previous) previous = readPrevious(resolve(values.previous), values.previous);
  else if (values.into && !values['no-previous']) previous = findPrevious(resolve(values.into), imported);
  const carriedKeys = previous ? carryStructure(imported, previous, new Set([...sets.keys()].map((f) => f.name))) : [];
  const derived = carriedKeys.length && kind.afterCarry ? kind.afterCarry(imported.doc) : [];
  const convertedFrom = encoding === 'utf-8' ? undefined : encoding;
  const text = masterYaml(imported, file, { kindName, convertedFrom });
  const target = values.out ? resolve(values.out) : values.into ? join(resolve(values.into), imported.path) : null;
  if (!target) {
    process.stdout.write(text);
  } else {
    if (values.into && existsSync(target)) throw new ImportError(`${target} exists; a new version is a new file (or use --out)`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const closeTo = previous ? closingDate(previous, imported.doc.effective_from as string) : null;
  const report = importReport({
    target,
    doc: parse(text, { schema: 'core' }),
    uniform: kind.uniform ?? [],
    set: sets,
    carried: carriedKeys.length ? { from: previous!.label, keys: carriedKeys } : null,
    derived,
    close: closeTo ? { file: previous!.label, effectiveTo: closeTo } : null,
    convertedFrom,
  });
  for (const l of report) console.error(l);
} catch (e) {
  if (e instanceof ImportError) fail(e.message);
  throw e;
}
