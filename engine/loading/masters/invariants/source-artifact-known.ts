/** source_artifact_id, when set, names one of the file's own sources (so every value has a named document). */
import type { SourceDocument } from '../types.ts';
import type { Issue } from './issue.ts';

export function sourceArtifactKnown(sourceArtifactId: string | null | undefined, sources: SourceDocument[]): Issue[] {
  const issues: Issue[] = [];
  const ids = sources.map((s) => s.artifact_id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) issues.push({ path: `/sources/${i}/artifact_id`, message: `duplicate source artifact_id "${id}"` });
  });
  if (sourceArtifactId && !ids.includes(sourceArtifactId))
    issues.push({ path: '/source_artifact_id', message: `"${sourceArtifactId}" is not one of this file's sources (${ids.join(', ')})` });
  return issues;
}
