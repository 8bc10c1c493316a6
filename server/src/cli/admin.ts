import { parseArgs } from 'node:util';
import { createBlobStore } from '../blobs/create-blob-store';
import { loadConfig } from '../config';
import { DomainError } from '../domain/errors';
import { createAccountService } from '../services/account.service';
import { createBlobSweepService, ORPHAN_MIN_AGE_MS } from '../services/blob-sweep.service';
import { createPrivacyService } from '../services/privacy.service';
import { openStore } from '../store/database';
import { createRepositories } from '../store/repositories';
import { backupDataFolder, restoreDataFolder } from './backup';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  user:create --email E --password P --name N   create an account
  token:create --email E [--device NAME]        print a new device token (last line)
  user:disable --email E [--off]                disable an account (--off enables it again)
  user:read-only --email E --on|--off           set or clear the read-only flag
  storage:grant --email E --gib N               add a storage grant of N GiB
  user:sunset --email E --date YYYY-MM-DD|--clear
                                                set or clear the account's sunset deletion date
  errors:list [--limit N]                       the errors web clients reported, newest first
  blobs:sweep [--hours N]                       delete stored blobs no record points to,
                                                untouched for N hours (default 6)
  backup --to DIR                               copy the SQLite database (online) and then the
                                                blobs into DIR; again into the same DIR copies
                                                only new blobs
  restore --from DIR                            put a backup in place as DATA_DIR's database and
                                                blobs; DATA_DIR must hold no database yet, and
                                                no server may run on it

It works on the same DATA_DIR / DATABASE_URL as the server, also while the server runs.`;

export async function runAdmin(argv: string[], env = process.env, out = console.log): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      device: { type: 'string' },
      gib: { type: 'string' },
      hours: { type: 'string' },
      date: { type: 'string' },
      clear: { type: 'boolean' },
      limit: { type: 'string' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      to: { type: 'string' },
      from: { type: 'string' },
    },
    strict: true,
  });
  const need = (key: 'email' | 'password' | 'name' | 'gib' | 'to' | 'from'): string => {
    const value = values[key];
    if (!value) throw new UsageError(`--${key} is required for ${command}`);
    return value;
  };

  const config = loadConfig(env);
  // Before the database is opened: opening it would create an empty one where the backup goes.
  if (command === 'restore') {
    const { blobs } = await restoreDataFolder(config, need('from'));
    out(`restored the database and ${blobs} blobs into ${config.dataDir}`);
    return 0;
  }
  const store = await openStore(config.database);
  try {
    const accounts = createAccountService({
      repos: createRepositories(store),
      clock: Date.now,
      defaultStorageGib: config.defaultStorageGib,
    });
    switch (command) {
      case 'user:create': {
        const user = await accounts.createUser({
          email: need('email'),
          password: need('password'),
          name: need('name'),
        });
        out(`created user ${user.email} (${user.id})`);
        return 0;
      }
      case 'token:create': {
        const user = await accounts.requireUserByEmail(need('email'));
        const { token } = await accounts.issueDeviceToken(user.id, { name: values.device ?? 'Admin CLI' });
        out(token);
        return 0;
      }
      case 'user:disable': {
        await accounts.setDisabled(need('email'), !values.off);
        out(values.off ? 'account enabled' : 'account disabled');
        return 0;
      }
      case 'user:read-only': {
        if (values.on === values.off)
          throw new UsageError('user:read-only takes exactly one of --on or --off');
        await accounts.setReadOnly(need('email'), Boolean(values.on));
        out(values.on ? 'read-only on' : 'read-only off');
        return 0;
      }
      case 'storage:grant': {
        const gib = Number(need('gib'));
        await accounts.grantStorage(need('email'), gib);
        out(`granted ${gib} GiB`);
        return 0;
      }
      case 'user:sunset': {
        if (Boolean(values.date) === Boolean(values.clear))
          throw new UsageError('user:sunset takes exactly one of --date or --clear');
        const privacy = createPrivacyService({
          repos: createRepositories(store),
          clock: Date.now,
          termsVersion: null,
        });
        await privacy.setSunsetDate(need('email'), values.date ?? null);
        out(values.date ? `sunset deletion date ${values.date}` : 'sunset deletion date cleared');
        return 0;
      }
      case 'errors:list': {
        const limit = values.limit === undefined ? 50 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new UsageError('--limit must be a whole number above 0');
        for (const row of await createRepositories(store).clientErrors.latest(limit)) {
          out(
            `${new Date(row.created_at).toISOString()}  ${row.user_id ?? '-'}  ${row.url ?? '-'}  ${row.message}`,
          );
        }
        return 0;
      }
      case 'blobs:sweep': {
        const hours = values.hours === undefined ? ORPHAN_MIN_AGE_MS / 3_600_000 : Number(values.hours);
        if (!Number.isFinite(hours) || hours < 0) throw new UsageError('--hours must be a number of hours');
        const blobs = await createBlobStore(config.blobs);
        try {
          const sweeper = createBlobSweepService({
            repos: createRepositories(store),
            blobs,
            clock: Date.now,
          });
          const { checked, deleted } = await sweeper.sweep({ olderThanMs: hours * 3_600_000 });
          for (const key of deleted) out(`deleted ${key}`);
          out(`checked ${checked} blobs, deleted ${deleted.length}`);
        } finally {
          await blobs.close();
        }
        return 0;
      }
      case 'backup': {
        const to = need('to');
        const { blobsCopied, blobsKept, missing } = await backupDataFolder(config, to);
        for (const key of missing) out(`missing ${key} (purged while the backup ran)`);
        out(`backed up the database and ${blobsCopied} new blobs (${blobsKept} already there) into ${to}`);
        return 0;
      }
      default:
        throw new UsageError(command ? `unknown command ${command}` : 'no command given');
    }
  } finally {
    await store.close();
  }
}

class UsageError extends Error {}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(`${(error as Error).message}\n\n${USAGE}`);
        process.exit(64);
      }
      if (error instanceof DomainError) {
        console.error(error.message);
        process.exit(1);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
