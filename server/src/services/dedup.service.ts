import type { DedupReply, DedupRequest } from '@nordlys/contract/file';
import type { SignedInCaller } from '../domain/caller';
import { forbidden, notFound } from '../domain/errors';
import { parseFilePath } from '../domain/file-path';
import { toEpochMs } from '../domain/file-type';
import { Permission } from '../domain/permission';
import type { RepositoriesOf } from '../store/repositories';
import type { AccessService } from './access.service';
import { type FileUrlSigner, toFileRecord } from './file.service';
import { type FileBookkeepingRepository, insertFile } from './file-bookkeeping';

export interface DedupServiceDeps {
  repos: RepositoriesOf<'contents' | FileBookkeepingRepository>;
  access: AccessService;
  signer: FileUrlSigner | null;
  clock: () => number;
}

export function createDedupService({ repos, access, signer, clock }: DedupServiceDeps) {
  return {
    /**
     * Links a new file to bytes the caller already has, so they need not be sent again. Only
     * contents the caller's own non-deleted files point at count: a checksum alone proves nothing,
     * and linking someone else's bytes from a guessed hash would hand them over.
     *
     * Links are free: the caller already owns the content, and used_space counts a content once
     * per user, so no quota check applies. (If the caller's last file over it is deleted while
     * the link commits, the usage repository counts the size again; the totals stay exact.)
     */
    async dedup(session: SignedInCaller, jobIdParam: string, request: DedupRequest): Promise<DedupReply> {
      if (session.isReadOnly) throw forbidden('read_only_user');
      const { job } = await access.requireAccess(session, Permission.JobUpload, jobIdParam);
      const parsed = parseFilePath(request.path);
      const sha256 = request.checksum.toLowerCase();
      if (!(await repos.usage.ownsContent(session.userId, sha256))) return { status: 'upload_required' };

      const { files } = repos;
      if (request.policy === 'no_duplicates') {
        const existing = await files.findByPathAndContent(job.id, parsed.path, sha256);
        if (existing) return { status: 'exists', uuid: existing.id, file: toFileRecord(existing, signer) };
      }

      const mtimeMs = toEpochMs(request.mtime);
      const at = clock();
      const fileId = await repos.transaction(async (tx) => {
        const content = await tx.contents.findBySha(sha256);
        if (!content) throw notFound();
        const { content: referenced } = await tx.contents.addRef(content);
        const inserted = await insertFile(tx, {
          job,
          userId: session.userId,
          content: referenced,
          file: {
            parsed,
            mtimeMs,
            ctimeMs: request.ctime !== undefined ? toEpochMs(request.ctime) : mtimeMs,
            groupType: request.group_type || null,
            groupId: request.group_id || null,
            isMaster: request.master === true || request.master === '1',
          },
          at,
        });
        return inserted.fileId;
      });
      const file = await files.findById(fileId);
      if (!file) throw new Error('linked file not found');
      return { status: 'linked', uuid: fileId, file: toFileRecord(file, signer) };
    },
  };
}

export type DedupService = ReturnType<typeof createDedupService>;
