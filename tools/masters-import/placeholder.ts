/**
 * What the published CSV does not carry (sources, the rules outside a row table, caps) is written as a
 * TO_FILL placeholder: typed fields then fail the master schema and text fields fail the
 * no-import-placeholders invariant, so masters:check (and the server's load) refuse the file until a
 * person fills every one from the published source. Nothing is guessed or carried over silently.
 */
export const PLACEHOLDER = 'TO_FILL';

export function toFill(what: string): string {
  return `${PLACEHOLDER}: ${what}`;
}

export function placeholderSources(): Record<string, unknown>[] {
  return [
    {
      artifact_id: toFill('a short id of the published document, also in source_artifact_id'),
      publisher: toFill('who published the table'),
      document: toFill('title and legal basis of the document'),
      url: null,
      verification: toFill('how the imported values were checked against the published table'),
      confidence: toFill('very high | high | medium'),
    },
  ];
}
