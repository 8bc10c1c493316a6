import { type AccountAttribute, ATTRIBUTE_VALUE_MAX_BYTES } from '@nordlys/contract/account';
import { badRequest, notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

/** JSON Schema counts characters; the limit is on stored bytes, which multi-byte text reaches first. */
export function assertValueSize(value: string, field = 'body.value'): void {
  if (Buffer.byteLength(value, 'utf8') > ATTRIBUTE_VALUE_MAX_BYTES) {
    throw badRequest(`${field} must be at most ${ATTRIBUTE_VALUE_MAX_BYTES} bytes`);
  }
}

export function createAccountAttributeService(deps: {
  repos: Pick<Repositories, 'accountAttributes'>;
  clock: Clock;
}) {
  const { repos, clock } = deps;
  return {
    async put(userId: string, attribute: AccountAttribute): Promise<AccountAttribute> {
      assertValueSize(attribute.value);
      await repos.accountAttributes.upsert(userId, attribute.key, attribute.value, clock());
      return { key: attribute.key, value: attribute.value };
    },

    async get(userId: string, key: string): Promise<AccountAttribute> {
      const value = await repos.accountAttributes.find(userId, key);
      if (value === undefined) throw notFound('No such attribute');
      return { key, value };
    },

    async remove(userId: string, key: string): Promise<void> {
      if (!(await repos.accountAttributes.delete(userId, key))) throw notFound('No such attribute');
    },
  };
}

export type AccountAttributeService = ReturnType<typeof createAccountAttributeService>;
