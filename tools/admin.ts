/**
 * Admin command for the control plane (decisions.md section 1). Same store and environment variables
 * as the server. Each command prints exactly one JSON document on stdout and nothing else, so scripts
 * can parse it; problems go to stderr with a non-zero exit code.
 *
 *   npm run --silent admin -- account create --name NAME --plan free|standard
 *   npm run --silent admin -- account list
 *   npm run --silent admin -- key create --account ACCOUNT_ID
 *   npm run --silent admin -- key revoke --key-prefix PREFIX     (the key's first 16 characters, pay_xxxxxxxxxxxx)
 */
import { issueApiKey, keyPrefixOf } from '../server/auth/api-keys.ts';
import { createAccountWithKey } from '../server/accounts.ts';
import { readConfig } from '../server/config.ts';
import { openStore } from '../server/store/open-store.ts';
import { PLANS, type Plan, type Store } from '../server/store/types.ts';

class UsageError extends Error {}

const USAGE = `usage:
  admin account create --name NAME --plan free|standard
  admin account list
  admin key create --account ACCOUNT_ID
  admin key revoke --key-prefix PREFIX`;

function option(args: string[], name: string): string {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? args[i + 1] : undefined;
  if (value === undefined || value.startsWith('--') || value.trim() === '') throw new UsageError(`missing --${name}`);
  return value;
}

async function run(store: Store, args: string[]): Promise<unknown> {
  const [noun, verb, ...rest] = args;
  switch (`${noun} ${verb}`) {
    case 'account create': {
      const plan = option(rest, 'plan');
      if (!PLANS.includes(plan as Plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
      return createAccountWithKey(store, option(rest, 'name'), plan as Plan);
    }
    case 'account list':
      return { data: await store.listAccounts() };
    case 'key create': {
      const account_id = option(rest, 'account');
      if (!(await store.getAccount(account_id))) throw new UsageError(`no account ${account_id}`);
      return { account_id, api_key: await issueApiKey(store, account_id) };
    }
    case 'key revoke': {
      const given = option(rest, 'key-prefix');
      // A whole key is accepted too: its prefix is what is stored in clear.
      const key_prefix = keyPrefixOf(given) ?? given;
      return { key_prefix, revoked: await store.revokeApiKeys(key_prefix) };
    }
    default:
      throw new UsageError(`unknown command: ${args.join(' ')}`);
  }
}

async function main(): Promise<number> {
  let store: Store | undefined;
  try {
    const config = readConfig();
    store = await openStore(config);
    const output = await run(store, process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}\n`);
    if (err instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main();
