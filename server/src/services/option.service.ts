import type { UserOption } from '@nordlys/contract/account';
import { notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';
import { assertValueSize } from './account-attribute.service';

export function createOptionService(deps: { repos: Pick<Repositories, 'options'>; clock: Clock }) {
  const { repos, clock } = deps;
  return {
    async put(userId: string, name: string, value: string): Promise<UserOption> {
      assertValueSize(value);
      await repos.options.upsert(userId, name, value, clock());
      return { name, value };
    },

    async get(userId: string, name: string): Promise<UserOption> {
      const value = await repos.options.find(userId, name);
      if (value === undefined) throw notFound('No such option');
      return { name, value };
    },

    async remove(userId: string, name: string): Promise<void> {
      if (!(await repos.options.delete(userId, name))) throw notFound('No such option');
    },
  };
}

export type OptionService = ReturnType<typeof createOptionService>;
