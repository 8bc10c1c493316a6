import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../test/test-store';
import { createRepositories, type RepositoriesOf } from './repositories';

describe('repositories in a transaction', () => {
  const store = useTestStore('sqlite');

  it("are the service's named ones only, each made once on first use", async () => {
    const repos: RepositoriesOf<'users' | 'jobs'> = createRepositories(store());
    const seen = await repos.transaction(async (tx) => {
      // @ts-expect-error a transaction holds only the repositories the service's deps name
      void tx.changes;
      expect(tx.users).toBe(tx.users);
      return [await tx.users.findById('nobody'), await tx.jobs.findTimeline('nobody')];
    });
    expect(seen).toEqual([undefined, undefined]);
  });
});
