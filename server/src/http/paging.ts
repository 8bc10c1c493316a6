import { TOTAL_ITEMS_HEADER } from '@nordlys/contract/timeline';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** A paged list's query fields: how many from which position, at most `maxLimit`. */
export const pagingQuery = (defaultLimit: number, maxLimit: number) => ({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

/** The page the query asks for, the defaults filled in. */
export const pageOf = (query: { limit?: number; offset?: number }, defaultLimit: number) => ({
  limit: query.limit ?? defaultLimit,
  offset: query.offset ?? 0,
});

/** A page of a longer list says in X-Total-Items how long the whole list is. */
export function sendTotalItems(reply: FastifyReply, page: { totalItems: number }): void {
  reply.header(TOTAL_ITEMS_HEADER, String(page.totalItems));
}
