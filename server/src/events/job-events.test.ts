import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, makeTempDir } from '../../test/test-database';
import { openStore, type Store } from '../store/database';
import { createRepositories } from '../store/repositories';
import { ChangeType } from '../store/repositories/change.repository';
import { SQLite, type SQLiteDatabase } from '../store/sqlite-driver';
import { createInProcessJobEvents, inProcessNotifier } from './job-events';

describe('job events on sqlite (one server process, the in-process bus)', () => {
  let dir: string;
  let store: Store;
  /** A second connection to the file, as another reader sees it: only what has committed. */
  let reader: SQLiteDatabase;

  beforeAll(async () => {
    dir = makeTempDir();
    const database = await createTestDatabase('sqlite', dir);
    if (database.config.kind !== 'sqlite') throw new Error('sqlite expected');
    store = await openStore(database.config);
    reader = new SQLite(database.config.file, { readonly: true });
  });
  afterAll(async () => {
    reader?.close();
    await store?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('wakes a held poll only once the change committed, so what it reads holds the change; a rollback wakes none', async () => {
    const events = createInProcessJobEvents();
    const repos = createRepositories(store, inProcessNotifier(events));
    const userId = randomUUID();
    await repos.users.insert({
      id: userId,
      email: `${userId}@example.com`,
      name: 'Waker',
      password_hash: null,
      profile_picture_key: null,
      is_read_only: 0,
      is_disabled: 0,
      created_at: 0,
      language: null,
    });
    const jobId = randomUUID();
    await repos.jobs.insertTimelineIfAbsent({
      id: jobId,
      type: 'timeline',
      owner_id: userId,
      name: '',
      created_at: 0,
      updated_at: 0,
      serial: 0,
      deleted_at: null,
    });
    const jobSerial = reader.prepare<[string], { serial: number }>('select serial from jobs where id = ?');
    const changeRows = reader.prepare<[string, number], { n: number }>(
      'select count(*) as n from changes where job_id = ? and serial = ?',
    );
    const woken: { serial: number; stored: number; changes: number }[] = [];
    events.subscribe(jobId, (serial) => {
      woken.push({
        serial,
        stored: Number(jobSerial.get(jobId)?.serial),
        changes: Number(changeRows.get(jobId, serial)?.n),
      });
    });
    const change = { type: ChangeType.marker, entityId: jobId, fields: null, at: 1 };

    await repos.transaction(async (tx) => {
      await tx.changes.append(jobId, change);
      expect(woken).toEqual([]);
    });
    expect(woken).toEqual([{ serial: 1, stored: 1, changes: 1 }]);

    await expect(
      repos.transaction(async (tx) => {
        await tx.changes.append(jobId, change);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(woken).toHaveLength(1);

    // Outside a transaction the statement commits on its own before the wake.
    await repos.changes.append(jobId, change);
    expect(woken).toEqual([
      { serial: 1, stored: 1, changes: 1 },
      { serial: 2, stored: 2, changes: 1 },
    ]);
  });
});
