/** One file is one version: masters/<kind dir>/<version>.yaml, so the file name must equal `version`. */
import { basename } from 'node:path';
import type { Issue } from './issue.ts';

export function fileNameMatchesVersion(file: string, version: string): Issue[] {
  const name = basename(file).replace(/\.ya?ml$/, '');
  return name === version ? [] : [{ path: '/version', message: `version "${version}" does not match the file name "${name}"` }];
}
