/**
 * npm run masters:import -- <kind> <file.csv> [--select VALUE] [--out FILE | --into MASTERS_DIR]
 * Turns a table in its published layout into a master YAML file with effective dates and TO_FILL
 * placeholders for what the CSV does not carry (sources and the like), ready for masters:check.
 * Without --out/--into the YAML is printed on stdout.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError, readCsv } from './masters-import/csv.ts';
import { IMPORT_KINDS } from './masters-import/kinds/index.ts';
import { masterYaml } from './masters-import/write.ts';

const HELP = `usage: npm run masters:import -- <kind> <file.csv> [--select VALUE] [--out FILE | --into MASTERS_DIR]

kinds:
${Object.entries(IMPORT_KINDS).map(([k, v]) => `  ${k.padEnd(22)}${v.description}`).join('\n')}

  --select VALUE   the version to take: table year (withholding), premium month YYYY-MM (kyokai rates,
                   health grades), fiscal year (employment insurance); default from the file name or newest
  --out FILE       write the master there
  --into DIR       write it at its place under a masters folder (DIR/<kind folder>/<version>.yaml); refuses to overwrite
  --help           this text`;

function fail(message: string): never {
  console.error(`masters:import: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ options: { select: { type: 'string' }, out: { type: 'string' }, into: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
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

try {
  const file = resolve(csv);
  if (!existsSync(file)) throw new ImportError(`${csv}: no such file`);
  const imported = kind.build(readCsv(file, kind.columns), file, { select: values.select });
  const text = masterYaml(imported, file, kindName);
  const target = values.out ? resolve(values.out) : values.into ? join(resolve(values.into), imported.path) : null;
  if (!target) {
    process.stdout.write(text);
  } else {
    if (values.into && existsSync(target)) throw new ImportError(`${target} exists; a new version is a new file (or use --out)`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.error(`masters:import: wrote ${target}; fill every TO_FILL, then npm run masters:check`);
  }
} catch (e) {
  if (e instanceof ImportError) fail(e.message);
  throw e;
}
