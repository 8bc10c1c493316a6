import type { CreateShareReply, EmailShareRequest } from '@nordlys/contract/share';
import { createShare, emailShare } from '../api/shares.api';
import { serverCache, through } from './server-cache.api';

interface NewShare {
  fileIds: readonly string[];
  password?: string;
}

export const sharesCache = serverCache.injectEndpoints({
  endpoints: (build) => ({
    createShare: build.mutation<CreateShareReply, NewShare>({
      queryFn: through(({ fileIds, password }: NewShare) => createShare(fileIds, password)),
    }),
    emailShare: build.mutation<string, { shareId: string; request: EmailShareRequest }>({
      queryFn: through(({ shareId, request }: { shareId: string; request: EmailShareRequest }) =>
        emailShare(shareId, request),
      ),
    }),
  }),
});

export const { useCreateShareMutation, useEmailShareMutation } = sharesCache;
