import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/test-database';
import { useTestStore } from '../../test/test-store';
import { createRepositories } from '../store/repositories';
import { periodClaimsOver } from './periodic';

const HOUR = 60 * 60 * 1000;

describe.each(databaseKinds)('periodic runs claimed over %s', (kind) => {
  const store = useTestStore(kind);

  it('go to one process of several asking at once, once per period, and to another once the holder is gone', async () => {
    let now = 1_000_000_000_000;
    const clock = () => now;
    const runs = createRepositories(store()).periodicRuns;
    const processes = ['a', 'b', 'c', 'd', 'e'].map((holder) => ({
      holder,
      claim: periodClaimsOver(runs, holder, clock),
    }));

    const first = await Promise.all(processes.map((p) => p.claim('sweep', HOUR)));
    expect(first.filter((wait) => wait === 0)).toHaveLength(1);
    // The losers wait for the next period's opening (plus a moment), not a fresh hour.
    for (const wait of first.filter((w) => w !== 0)) expect(wait).toBe(HOUR + 50);
    const winner = processes[first.indexOf(0)]!.holder;
    expect((await runs.list()).find((run) => run.name === 'sweep')?.holder).toBe(winner);

    // Within the period nobody runs it again, the winner included.
    now += HOUR - 1;
    const again = await Promise.all(processes.map((p) => p.claim('sweep', HOUR)));
    expect(again).toEqual(Array(5).fill(51));

    // Another task's periods are its own.
    expect(await processes[0]!.claim('purge', HOUR)).toBe(0);

    // The winner is gone: the next period goes to one of the others.
    now += 1;
    const survivors = processes.filter((p) => p.holder !== winner);
    const next = await Promise.all(survivors.map((p) => p.claim('sweep', HOUR)));
    expect(next.filter((wait) => wait === 0)).toHaveLength(1);
    const taker = (await runs.list()).find((run) => run.name === 'sweep');
    expect(taker?.holder).toBe(survivors[next.indexOf(0)]!.holder);
    expect(Number(taker?.started_at)).toBe(now);
  });
});
