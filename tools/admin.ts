/**
 * Admin command for the control plane (decisions.md section 1). Same store and environment variables
 * as the server. Each command prints exactly one JSON document on stdout and nothing else, so scripts
 * can parse it; problems go to stderr with a non-zero exit code.
 *
 *   npm run --silent admin -- account create --name NAME --plan free|standard
 *   npm run --silent admin -- account list
 *   npm run --silent admin -- account set-plan --account ACCOUNT_ID --plan free|standard
 *   npm run --silent admin -- key create --account ACCOUNT_ID
 *   npm run --silent admin -- key revoke --key-prefix PREFIX     (the key's first 16 characters, pay_xxxxxxxxxxxx)
 *   npm run --silent admin -- --help                             (usage on stdout, exit 0)
 *
 * PAYROLL_ADMIN_DATABASE_URL (optional): the PostgreSQL to use instead of PAYROLL_DATABASE_URL, with a role
 * that has reserved connections, so revocation works while the connection limit is full (adminStoreConfig).
 *
 * Exit status: 0 done; 1 the store failed, or nothing was done (key revoke of a prefix no active key
 * has, account set-plan or key create of an unknown account); 2 bad usage, a bad option value included.
 */
import { parseArgs } from 'node:util';
import { issueApiKey, keyPrefixOf } from '../server/app/auth/api-keys.ts';
import { createAccountWithKey } from '../server/app/accounts.ts';
import { readConfig } from '../server/boot/config.ts';
import { openStore } from '../server/app/store/open-store.ts';
import { PLANS, type Plan, type Store } from '../server/app/store/types.ts';

class UsageError extends Error {}
/** A value the command cannot take: a usage error whose one line says all (the usage would not help). */
class BadValueError extends UsageError {}
/** The command ran but changed nothing the operator asked to change: exit 1, the reason on stderr. */
class NothingDoneError extends Error {}

const USAGE = `usage:
  admin account create --name NAME --plan free|standard
  admin account list
  admin account set-plan --account ACCOUNT_ID --plan free|standard
  admin key create --account ACCOUNT_ID
  admin key revoke --key-prefix PREFIX
  admin --help`;

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  account: { type: 'string' },
  'key-prefix': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type OptionName = Exclude<keyof typeof OPTIONS, 'help'>;

/** The options each command requires; anything else given to it is a usage error, not silently ignored. */
const COMMANDS: Record<string, OptionName[]> = {
  'account create': ['name', 'plan'],
  'account list': [],
  'account set-plan': ['account', 'plan'],
  'key create': ['account'],
  'key revoke': ['key-prefix'],
};

type Invocation = { help: true } | { help: false; command: string; options: Partial<Record<OptionName, string>> };

/** node:util parseArgs, strict: unknown options, missing values and stray words are usage errors. */
function parseInvocation(argv: string[]): Invocation {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { help, ...options } = parsed.values;
  if (help) return { help: true };
  const command = parsed.positionals.join(' ');
  const allowed = COMMANDS[command];
  if (!allowed) throw new UsageError(`unknown command: ${argv.join(' ')}`);
  for (const given of Object.keys(options) as OptionName[]) {
    if (!allowed.includes(given)) throw new UsageError(`--${given} is not an option of ${command}`);
  }
  for (const name of allowed) {
    if ((options[name] ?? '').trim() === '') throw new UsageError(`missing --${name}`);
  }
  checkValues(options);
  return { help: false, command, options };
}

/** The longest account name taken, in characters: a name is shown in listings, not a document. */
const MAX_NAME_CHARS = 200;

/**
 * Characters no option value may hold: controls (a terminal escape in a name would run in the
 * operator's terminal at the next account list), format characters (direction overrides that make
 * a name read as another, zero-width ones), line and paragraph separators, lone surrogates.
 */
const FORBIDDEN_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function checkValues(options: Partial<Record<OptionName, string>>): void {
  for (const [name, value] of Object.entries(options) as [OptionName, string][]) {
    const bad = FORBIDDEN_CHAR.exec(value);
    if (bad) {
      const codePoint = `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      const position = [...value.slice(0, bad.index)].length + 1;
      throw new BadValueError(`--${name} must not contain control or format characters (${codePoint} at character ${position})`);
    }
  }
  const length = [...(options.name ?? '')].length;
  if (length > MAX_NAME_CHARS) throw new BadValueError(`--name is ${length} characters long; at most ${MAX_NAME_CHARS} are taken`);
}

/** Present and non-blank: parseInvocation checked every option the command requires. */
const required = (options: Partial<Record<OptionName, string>>, name: OptionName): string => options[name]!;

async function run(store: Store, command: string, options: Partial<Record<OptionName, string>>): Promise<unknown> {
  switch (command) {
    case 'account create': {
      const plan = required(options, 'plan');
      if (!PLANS.includes(plan as Plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
      return createAccountWithKey(store, required(options, 'name'), plan as Plan);
    }
    case 'account list':
      return { data: await store.listAccounts() };
    case 'account set-plan': {
      const account_id = required(options, 'account');
      const plan = required(options, 'plan');
      if (!PLANS.includes(plan as Plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
      if (!(await store.setAccountPlan(account_id, plan as Plan)))
        throw new NothingDoneError(`no account ${account_id}; nothing changed (admin account list shows the accounts)`);
      return { account_id, plan };
    }
    case 'key create': {
      const account_id = required(options, 'account');
      if (!(await store.getAccount(account_id)))
        throw new NothingDoneError(`no account ${account_id}; no key created (admin account list shows the accounts)`);
      return { account_id, api_key: await issueApiKey(store, account_id) };
    }
    case 'key revoke': {
      const given = required(options, 'key-prefix');
      // A whole key is accepted too: its prefix is what is stored in clear.
      const key_prefix = keyPrefixOf(given) ?? given;
      const revoked = await store.revokeApiKeys(key_prefix);
      if (revoked === 0)
        throw new NothingDoneError(
          `no active key has the prefix ${key_prefix}; nothing revoked (the prefix is the key's first 16 characters, pay_ and 12 more)`,
        );
      return { key_prefix, revoked };
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

/**
 * PAYROLL_ADMIN_DATABASE_URL, when set, is the PostgreSQL the command connects to instead of
 * PAYROLL_DATABASE_URL: a role that may use the connections PostgreSQL reserves (a superuser, for
 * superuser_reserved_connections; from PostgreSQL 16 a role granted pg_use_reserved_connections, for
 * reserved_connections), so that a key can be revoked while the server processes hold every other
 * connection ("sorry, too many clients already"). docs/deployment.md, "Revoking a key when PostgreSQL is full".
 */
function adminStoreConfig<C extends { databaseUrl?: string }>(config: C, env: NodeJS.ProcessEnv): C {
  const adminUrl = env.PAYROLL_ADMIN_DATABASE_URL?.trim();
  return adminUrl ? { ...config, databaseUrl: adminUrl } : config;
}

async function main(): Promise<number> {
  let store: Store | undefined;
  try {
    // Usage is checked before the store is opened: --help and typos need no database.
    const invocation = parseInvocation(process.argv.slice(2));
    if (invocation.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    store = await openStore(adminStoreConfig(readConfig(), process.env));
    const output = await run(store, invocation.command, invocation.options);
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}\n`);
    if (err instanceof UsageError && !(err instanceof BadValueError)) process.stderr.write(`${USAGE}\n`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main();
