/**
 * The engine's entry point for the project's own tools (golden cases, checks, imports, batch): reading
 * the rule and master sources and YAML files, the shared ajv setup, dates and decimals. The server
 * needs none of it; it loads the engine through engine/index.ts.
 */
export { Decimal } from './decimal.ts';
export { readMasters } from './loading/masters/load.ts';
export { INCOME_TAX_MONTHLY_COLUMNS } from './loading/masters/schemas/income-tax-monthly.ts';
export { checkPublished, LOCK_FILE, recordPublished } from './loading/masters/published.ts';
export { loadRules } from './loading/rules/load.ts';
export { readYaml, yamlFilesUnder } from './util/yaml-file.ts';
export { ajvProblems, newAjv } from './util/ajv.ts';
export { isIsoDate } from './util/dates.ts';
