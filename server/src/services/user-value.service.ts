import { ATTRIBUTE_VALUE_MAX_BYTES } from '@nordlys/contract/account';
import { badRequest, notFound } from '../domain/errors';
import type { UserValueRepository } from '../store/repositories/user-value.repository';
import type { Clock } from './account.service';

/** JSON Schema counts characters; the limit is on stored bytes, which multi-byte text reaches first. */
function assertValueSize(value: string): void {
  if (Buffer.byteLength(value, 'utf8') > ATTRIBUTE_VALUE_MAX_BYTES) {
    throw badRequest(`body.value must be at most ${ATTRIBUTE_VALUE_MAX_BYTES} bytes`);
  }
}

/** A user's values by key (account attributes, user options): set, read, delete. */
export function createUserValueService(deps: {
  values: UserValueRepository;
  clock: Clock;
  /** What a value is called in the 404 ("No such attribute"). */
  noun: string;
}) {
  const { values, clock, noun } = deps;
  return {
    async put(userId: string, key: string, value: string): Promise<void> {
      assertValueSize(value);
      await values.upsert(userId, key, value, clock());
    },

    async get(userId: string, key: string): Promise<string> {
      const value = await values.find(userId, key);
      if (value === undefined) throw notFound(`No such ${noun}`);
      return value;
    },

    find(userId: string, key: string): Promise<string | undefined> {
      return values.find(userId, key);
    },

    async remove(userId: string, key: string): Promise<void> {
      if (!(await values.delete(userId, key))) throw notFound(`No such ${noun}`);
    },
  };
}

export type UserValueService = ReturnType<typeof createUserValueService>;
