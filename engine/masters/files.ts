/** Every *.yaml / *.yml file under the masters directory, sorted, as [absolute path, path relative to dir]. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export function masterFiles(dir: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(name)) out.push([p, relative(dir, p).split('\\').join('/')]);
    }
  };
  walk(dir);
  return out;
}
