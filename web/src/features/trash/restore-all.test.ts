import type { BulkFileResult } from '@nordlys/contract/timeline';
import { describe, expect, it } from 'vitest';
import { type RestoreAllProgress, restoreAll } from './restore-all';

/** A stand-in for the server's trash: ids newest deletion first; some never fit the storage. */
function trashServer(count: number, refused: ReadonlySet<string> = new Set()) {
  let trash = Array.from({ length: count }, (_, i) => `f${i}`);
  const restoreCalls: number[] = [];
  return {
    restoreCalls,
    left: () => trash,
    io: {
      fetchPage: async (offset: number, limit: number) => ({
        ids: trash.slice(offset, offset + limit),
        total: trash.length,
      }),
      restore: async (ids: string[]) => {
        restoreCalls.push(ids.length);
        const results: BulkFileResult[] = ids.map((id) =>
          refused.has(id)
            ? { file_uuid: id, status: 'error', error_reason: 'out_of_storage' }
            : { file_uuid: id, status: 'ok' },
        );
        trash = trash.filter((id) => refused.has(id) || !ids.includes(id));
        return { results };
      },
    },
  };
}

describe('restore all', () => {
  it('restores the whole trash in calls of at most 200, reporting progress', async () => {
    const server = trashServer(450);
    const progress: RestoreAllProgress[] = [];
    const restoredBatches: number[] = [];
    const outcome = await restoreAll(
      { ...server.io, onRestored: (ids) => restoredBatches.push(ids.length) },
      (p) => progress.push(p),
    );
    expect(server.restoreCalls).toEqual([200, 200, 50]);
    expect(outcome).toEqual({ restored: 450, failed: 0, outOfStorage: 0, total: 450 });
    expect(progress.map((p) => p.restored)).toEqual([0, 200, 400, 450]);
    expect(restoredBatches).toEqual([200, 200, 50]);
    expect(server.left()).toEqual([]);
  });

  it('reads past files that stay in the trash and counts them as failed', async () => {
    const refused = new Set(['f0', 'f3', 'f250']);
    const server = trashServer(300, refused);
    const outcome = await restoreAll(server.io, () => undefined);
    expect(outcome).toEqual({ restored: 297, failed: 3, outOfStorage: 3, total: 300 });
    expect(server.left()).toEqual(['f0', 'f3', 'f250']);
    expect(server.restoreCalls).toEqual([200, 100]);
  });

  it('counts a chunk whose call failed and goes on with the next', async () => {
    const server = trashServer(250);
    let calls = 0;
    const outcome = await restoreAll(
      {
        ...server.io,
        restore: async (ids) => {
          calls += 1;
          if (calls === 1) throw new Error('network');
          return server.io.restore(ids);
        },
      },
      () => undefined,
    );
    expect(outcome).toMatchObject({ restored: 50, failed: 200, total: 250 });
  });

  it('ends at once on an empty trash', async () => {
    const server = trashServer(0);
    expect(await restoreAll(server.io, () => undefined)).toEqual({
      restored: 0,
      failed: 0,
      outOfStorage: 0,
      total: 0,
    });
    expect(server.restoreCalls).toEqual([]);
  });
});
