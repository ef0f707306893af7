/**
 * The curl examples of a Markdown document, and the marked response blocks that follow them.
 * An example is a ```sh block with one or more `curl … "$BASE/path"` commands (a JSON body as a
 * `<<'JSON'` here-document; `# expect 422` on the curl line for an example that shows a refusal); its response block is the marked ```jsonc block right after it, rewritten
 * by `npm run docs:examples` from what the running code answers.
 */

export interface CurlCommand {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** `# expect NNN` on the curl line: the example shows a refusal on purpose (otherwise any status >= 300 fails). */
  expectedStatus?: number;
}

export interface ShellBlock {
  /** Line index of the closing fence of the sh block. */
  end: number;
  commands: CurlCommand[];
}

export const RESPONSE_START = '<!-- response: generated from the running code by `npm run docs:examples`; do not edit -->';
const RESPONSE_END = '<!-- end of response -->';

/** `-H 'Name: value'` and `-H "Name: value"` other than the key and content type (the runner sets those). */
function extraHeaders(command: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const m of command.matchAll(/-H\s+(['"])([^'"]+?):\s*([^'"]*)\1/g)) {
    const name = m[2]!;
    if (!/^(x-api-key|content-type)$/i.test(name)) headers[name] = m[3]!;
  }
  return headers;
}

function parseCommands(lines: string[]): CurlCommand[] {
  const commands: CurlCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^curl\s/.test(lines[i]!)) continue;
    let text = lines[i]!;
    while (text.trimEnd().endsWith('\\') && i + 1 < lines.length) text = `${text.trimEnd().slice(0, -1)} ${lines[++i]!.trim()}`;
    const path = /"\$BASE([^"]+)"/.exec(text)?.[1];
    if (!path) throw new Error(`a curl example without "$BASE/…": ${text}`);
    const method = /-X\s+([A-Z]+)/.exec(text)?.[1] ?? 'GET';
    let body: string | undefined;
    if (/<<'JSON'/.test(text)) {
      const bodyLines: string[] = [];
      while (++i < lines.length && lines[i] !== 'JSON') bodyLines.push(lines[i]!);
      body = bodyLines.join('\n');
    }
    const expected = /#\s*expect\s+(\d{3})\b/.exec(text)?.[1];
    commands.push({ method, path, headers: extraHeaders(text), body, ...(expected ? { expectedStatus: Number(expected) } : {}) });
  }
  return commands;
}

/** The sh blocks that hold curl examples, in document order. */
export function shellExamples(lines: string[]): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```sh') continue;
    const start = i;
    while (++i < lines.length && lines[i] !== '```');
    const commands = parseCommands(lines.slice(start + 1, i));
    if (commands.length) blocks.push({ end: i, commands });
  }
  return blocks;
}

/**
 * The document with each example's response block replaced (or inserted right after the example when
 * it has none yet) by `rendered[i]`, the body lines of the i-th example's block.
 */
export function withResponseBlocks(lines: string[], rendered: string[][]): string[] {
  const blocks = shellExamples(lines);
  const out: string[] = [];
  let from = 0;
  blocks.forEach((block, i) => {
    out.push(...lines.slice(from, block.end + 1));
    from = block.end + 1;
    // An existing response block (after one blank line) is dropped and written anew.
    if (lines[from] === '' && lines[from + 1] === RESPONSE_START) {
      const end = lines.indexOf(RESPONSE_END, from + 1);
      if (end < 0) throw new Error(`unterminated response block after line ${block.end + 1}`);
      from = end + 1;
    }
    out.push('', RESPONSE_START, '```jsonc', ...rendered[i]!, '```', RESPONSE_END);
  });
  out.push(...lines.slice(from));
  return out;
}
