import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BulkFileResults, FileUuidsRequest } from '@nordlys/contract/timeline';
import type { FastifyInstance } from 'fastify';
import type { Static, TObject } from 'typebox';
import type { SignedInCaller } from '../domain/caller';
import type { BulkOutcome } from '../services/file-actions.service';
import { ErrorReply, withCommonQuery } from './common-query';

/** A bulk file call's answer: each id's result and the caller's quota. */
const bulkReply = (outcome: BulkOutcome): BulkFileResults => ({
  results: outcome.results,
  used_space: outcome.usedSpace,
  max_space: outcome.maxSpace,
});

/**
 * A bulk file route: a signed-in caller posts file ids (FileUuidsRequest) and gets each id's
 * result with their quota. `run` does the work with the session, the ids and the path's params.
 */
export function bulkFilesRoute<Params extends TObject>(
  app: FastifyInstance,
  url: string,
  doc: { tags: string[]; summary: string; description?: string; params?: Params },
  run: (session: SignedInCaller, fileIds: string[], params: Static<Params>) => Promise<BulkOutcome>,
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    url,
    {
      schema: {
        ...doc,
        querystring: withCommonQuery(),
        body: FileUuidsRequest,
        response: { 200: BulkFileResults, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return bulkReply(await run(session, request.body.file_uuids, request.params as Static<Params>));
    },
  );
}
