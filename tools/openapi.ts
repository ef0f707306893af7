/**
 * Writes the OpenAPI 3.1 document generated from the code to openapi.json at the repository root
 * (`npm run openapi`). The file is checked in; a test fails when it differs from what the code
 * generates, so regenerate and commit it with every schema change.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../engine/index.ts';
import { buildOpenApiDocument } from '../server/app/openapi/document.ts';

export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));

/** The document of the repository's own rules/ and masters/ (the server serves the one of the set it loaded). */
export function renderOpenApiFile(engine = loadEngine()): string {
  return `${JSON.stringify(buildOpenApiDocument(engine), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OPENAPI_FILE, renderOpenApiFile());
  process.stderr.write(`wrote ${OPENAPI_FILE}\n`);
}
