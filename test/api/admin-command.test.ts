/**
 * The admin command as users run it (`npm run --silent admin -- ...`, a child process): stdout must be
 * exactly one JSON document, on both store adapters, and the keys it prints must work.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, keyPrefixOf } from '../../server/app/auth/api-keys.ts';
import { createTestDatabase, describeEachStore, type TestDatabase } from './support/databases.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;

/** `viaNpm` runs the documented command line; the others call tsx directly, which is faster. */
async function admin(db: TestDatabase, ...args: string[]) {
  return adminWith(db, false, args);
}

async function adminWith(db: TestDatabase, viaNpm: boolean, args: string[]) {
  const env = { ...process.env, PAYROLL_DB: '', PAYROLL_DATABASE_URL: '', ...db.env };
  const [cmd, argv] = viaNpm
    ? ['npm', ['run', '--silent', 'admin', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', 'tools/admin.ts', ...args]];
  try {
    const { stdout, stderr } = await run(cmd as string, argv as string[], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Exactly one JSON value and a newline: JSON.parse would reject any extra line. */
function onlyJson(stdout: string): any {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(stdout);
}

describeEachStore('admin command (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db.drop());

  it('account create prints exactly {account_id, api_key}; key create, list and revoke work', async () => {
    const created = await adminWith(db, true, ['account', 'create', '--name', 'Acme KK', '--plan', 'free']);
    expect(created.code).toBe(0);
    const account = onlyJson(created.stdout);
    expect(Object.keys(account).sort()).toEqual(['account_id', 'api_key']);
    expect(account.api_key).toMatch(/^pay_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);

    const second = onlyJson((await admin(db, 'key', 'create', '--account', account.account_id)).stdout);
    expect(second.account_id).toBe(account.account_id);
    expect(second.api_key).not.toBe(account.api_key);

    const list = onlyJson((await admin(db, 'account', 'list')).stdout);
    const listed = list.data.find((a: { account_id: string }) => a.account_id === account.account_id);
    expect(listed).toMatchObject({ name: 'Acme KK', plan: 'free' });
    expect(listed.keys.map((k: { key_prefix: string }) => k.key_prefix).sort()).toEqual(
      [keyPrefixOf(account.api_key), keyPrefixOf(second.api_key)].sort(),
    );
    expect(JSON.stringify(list)).not.toContain(account.api_key);

    const revoked = onlyJson((await admin(db, 'key', 'revoke', '--key-prefix', keyPrefixOf(account.api_key)!)).stdout);
    expect(revoked).toEqual({ key_prefix: keyPrefixOf(account.api_key), revoked: 1 });

    const store = await db.open();
    try {
      expect(await authenticate(store, account.api_key)).toBeNull();
      expect(await authenticate(store, second.api_key)).toEqual({ account_id: account.account_id, plan: 'free' });
    } finally {
      await store.close();
    }
  });

  it('rejects bad usage on stderr with a non-zero exit and nothing on stdout', async () => {
    const bad = await admin(db, 'account', 'create', '--name', 'X', '--plan', 'gold');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--plan must be one of free, standard');
    const unknownAccount = await admin(db, 'key', 'create', '--account', 'acct_nope');
    // the account does not exist, so nothing was done: 1, as docs/api.md says (it was 2)
    expect(unknownAccount).toMatchObject({ code: 1, stdout: '' });
    expect(unknownAccount.stderr).toBe('admin: no account acct_nope; no key created (admin account list shows the accounts)\n');
  });

  it('account set-plan changes the plan the keys of the account authenticate with; an unknown account exits 1', async () => {
    const account = onlyJson((await admin(db, 'account', 'create', '--name', 'Plan KK', '--plan', 'free')).stdout);
    const changed = await admin(db, 'account', 'set-plan', '--account', account.account_id, '--plan', 'standard');
    expect(changed.code).toBe(0);
    expect(onlyJson(changed.stdout)).toEqual({ account_id: account.account_id, plan: 'standard' });
    const store = await db.open();
    try {
      expect(await authenticate(store, account.api_key)).toEqual({ account_id: account.account_id, plan: 'standard' });
    } finally {
      await store.close();
    }
    const unknown = await admin(db, 'account', 'set-plan', '--account', 'acct_nope', '--plan', 'free');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('no account acct_nope; nothing changed');
    const badPlan = await admin(db, 'account', 'set-plan', '--account', account.account_id, '--plan', 'gold');
    expect(badPlan.code).toBe(2);
  });

  it('a name of 200 characters (counted as characters, not UTF-16 units or bytes) is taken', async () => {
    const name = '𠮷'.repeat(200);
    const created = await admin(db, 'account', 'create', '--name', name, '--plan', 'free');
    expect(created.code).toBe(0);
    const listed = onlyJson((await admin(db, 'account', 'list')).stdout);
    expect(listed.data.map((a: { name: string }) => a.name)).toContain(name);
  });

  it('key revoke of a prefix no active key has exits 1 and says nothing was revoked', async () => {
    const res = await admin(db, 'key', 'revoke', '--key-prefix', 'pay_000000000000');
    expect(res).toMatchObject({ code: 1, stdout: '' });
    expect(res.stderr).toContain('no active key has the prefix pay_000000000000; nothing revoked');
  });
});

describe('admin command usage (checked before any store is opened)', () => {
  // A store path whose folder must still be missing afterwards: opening the store would create it.
  const neverOpened = join(tmpdir(), `payroll-admin-usage-${process.pid}`, 'never-opened.sqlite');
  const noStore = { env: { PAYROLL_DB: neverOpened } } as unknown as TestDatabase;
  afterAll(() => expect(existsSync(dirname(neverOpened))).toBe(false));

  it.each([['--help'], ['-h'], ['account', 'create', '--help']])('%s prints the usage on stdout and exits 0', async (...args) => {
    const res = await admin(noStore, ...args);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout.split('\n')[0]).toBe('usage:');
    expect(res.stdout).toContain('admin account create --name NAME --plan free|standard');
    expect(res.stdout).toContain('admin key revoke --key-prefix PREFIX');
  });

  it.each(
    [
      [['account', 'create', '--name', 'X', '--plan', 'free', '--bogus', '1'], "Unknown option '--bogus'"],
      [['account', 'list', '--plan', 'free'], '--plan is not an option of account list'],
      [['account', 'create', '--name'], "Option '--name <value>' argument missing"],
      [['account', 'create', '--name', '--plan', 'free'], "Option '--name' argument is ambiguous"],
      [['account', 'create', '--name', ' ', '--plan', 'free'], 'missing --name'],
      [['accounts', 'list'], 'unknown command: accounts list'],
      [[], 'unknown command'],
    ].map(([args, reason]) => ({
      command: (args as string[]).join(' ') || '(no arguments)',
      args: args as string[],
      reason: reason as string,
    })),
  )('admin $command is a usage error: exit 2, the reason and the usage on stderr, nothing on stdout', async ({ args, reason }) => {
    const res = await admin(noStore, ...args);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.split('\n')[0]).toContain(reason);
    expect(res.stderr).toContain('usage:');
  });

  it.each([
    ['an escape sequence', 'Acme\u001b[2J', 'U+001B at character 5'],
    ['a newline', 'Acme\nKK', 'U+000A at character 5'],
    ['DEL', 'Acme\u007f', 'U+007F at character 5'],
    ['a right-to-left override', 'Acme\u202eKK', 'U+202E at character 5'],
    ['a zero-width space', '\u200bAcme', 'U+200B at character 1'],
    ['a line separator', 'Acme\u2028KK', 'U+2028 at character 5'],
  ])('account create --name with %s is refused in one line, exit 2', async (_what, name, where) => {
    const res = await admin(noStore, 'account', 'create', '--name', name, '--plan', 'free');
    expect(res).toMatchObject({ code: 2, stdout: '' });
    expect(res.stderr).toBe(`admin: --name must not contain control or format characters (${where})\n`);
  });

  it('a control character in another option is refused the same way', async () => {
    const res = await admin(noStore, 'key', 'create', '--account', 'acct_\u001b]0;x\u0007');
    expect(res).toMatchObject({ code: 2, stdout: '' });
    expect(res.stderr).toBe('admin: --account must not contain control or format characters (U+001B at character 6)\n');
  });

  it('a name over 200 characters is refused in one line, exit 2', async () => {
    const res = await admin(noStore, 'account', 'create', '--name', 'a'.repeat(100_000), '--plan', 'free');
    expect(res).toMatchObject({ code: 2, stdout: '' });
    expect(res.stderr).toBe('admin: --name is 100000 characters long; at most 200 are taken\n');
    const over = await admin(noStore, 'account', 'create', '--name', '株'.repeat(201), '--plan', 'free');
    expect(over.stderr).toBe('admin: --name is 201 characters long; at most 200 are taken\n');
  });
});
