import { randomUUID } from 'node:crypto';
import { ACCOUNT_DELETION_DAYS, type AccountDeletion } from '@nordlys/contract/privacy';
import type { BlobStore } from '../blobs/blob-store';
import { type SignedInCaller, signedOutCaller } from '../domain/caller';
import { unauthenticated } from '../domain/errors';
import { composeDeletionMail } from '../mail/account-mail';
import type { Mailer } from '../mail/mailer';
import type { RepositoriesOf } from '../store/repositories';
import type { Clock } from './account.service';
import { removeComment, removeLove, removeMember } from './album-bookkeeping';
import type { FileActionsService } from './file-actions.service';
import type { SubscriptionService } from './subscription.service';
import {
  deleteContentBlobs,
  type PurgeRepository,
  purgeTrashedAlbum,
  type UnreferencedContent,
} from './trash-purge.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const ERASE_LEASE = 'account-erasure';
const ERASE_LEASE_MS = 30 * 60 * 1000;

export interface AccountDeletionDeps {
  repos: RepositoriesOf<
    | 'privacy'
    | 'users'
    | 'devices'
    | 'albums'
    | 'comments'
    | 'reactions'
    | 'emailConsents'
    | 'clientErrors'
    | 'taskLeases'
    | PurgeRepository
  >;
  fileActions: Pick<FileActionsService, 'deleteFiles' | 'purgeFiles'>;
  subscriptions: Pick<SubscriptionService, 'endAllOf'>;
  blobs: BlobStore;
  mailer: Mailer;
  brand: string;
  clock: Clock;
  onOrphanBlob?(key: string, error: unknown): void;
}

/**
 * Account deletion (account.md §4): the request ends the user's subscriptions with the payment
 * provider (nothing more is charged), signs the user out of every device at once (the account is
 * disabled, so signing in again shows that it was terminated by its user), mails a confirmation
 * and schedules the erasure; the periodic run erases every account whose time has
 * come: files with their bytes, albums, comments, loves, memberships, copies of data, the
 * profile picture, the account row, its e-mail consent and the errors its browsers reported.
 */
export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const { repos, blobs, clock } = deps;
  const holder = randomUUID();

  /** Files the user put into other people's albums leave through the same trash and purge as any. */
  async function eraseFilesElsewhere(session: SignedInCaller): Promise<void> {
    const files = await repos.privacy.filesInOthersJobs(session.userId);
    const byJob = new Map<string, string[]>();
    for (const file of files) byJob.set(file.job_id, [...(byJob.get(file.job_id) ?? []), file.id]);
    for (const [jobId, ids] of byJob) {
      // An album the user can no longer read keeps their files out of reach of the trash; the
      // account row's cascade removes those rows, and the orphan sweep their bytes.
      await deps.fileActions.deleteFiles(session, jobId, ids).catch(() => undefined);
    }
    if (files.length > 0)
      await deps.fileActions.purgeFiles(
        session,
        files.map((file) => file.id),
      );
  }

  async function eraseOwnJobs(userId: string): Promise<void> {
    const at = clock();
    for (const jobId of await repos.privacy.ownedJobIds(userId)) {
      const unreferenced: UnreferencedContent[] = [];
      await repos.transaction(async (tx) => {
        await tx.albums.markDeleted(jobId, at);
        await purgeTrashedAlbum(tx, jobId, unreferenced);
      });
      await deleteContentBlobs(blobs, unreferenced, deps.onOrphanBlob);
    }
  }

  /** Comments, loves and memberships in other people's albums, each moving its album's counts. */
  async function eraseTraces(userId: string): Promise<void> {
    const traces = await repos.privacy.traces(userId);
    await repos.transaction(async (tx) => {
      for (const id of traces.commentIds) await removeComment(tx, id);
      for (const love of traces.reactions)
        await removeLove(tx, { jobId: love.job_id, fileId: love.file_id, actorId: userId });
      for (const jobId of traces.albumIds) await removeMember(tx, jobId, userId);
    });
  }

  async function erase(userId: string): Promise<void> {
    const user = await repos.users.findById(userId);
    if (!user) return;
    const session: SignedInCaller = {
      ...signedOutCaller(),
      userId,
      email: user.email,
      name: user.name,
      deviceId: '',
      isReadOnly: false,
    };
    // Ended at the request already (the account is disabled since); this only makes sure.
    await deps.subscriptions.endAllOf(userId);
    await eraseFilesElsewhere(session);
    await eraseOwnJobs(userId);
    await eraseTraces(userId);
    const blobKeys = (await repos.privacy.dataCopiesOf(userId)).flatMap((copy) =>
      copy.blob_key ? [copy.blob_key] : [],
    );
    if (user.profile_picture_key) blobKeys.push(user.profile_picture_key);
    await repos.privacy.deleteUser(userId);
    // Kept by address or without a reference to the row: they go by hand.
    await repos.emailConsents.deleteByEmail(user.email);
    await repos.clientErrors.deleteOfUser(userId);
    for (const key of blobKeys)
      await blobs.delete(key).catch((error: unknown) => deps.onOrphanBlob?.(key, error));
  }

  return {
    async request(session: SignedInCaller, origin: string): Promise<AccountDeletion> {
      const user = await repos.users.findById(session.userId);
      if (!user) throw unauthenticated();
      // First, so a provider that cannot be reached fails the request before anything else changed.
      await deps.subscriptions.endAllOf(session.userId);
      const now = clock();
      const existing = await repos.privacy.find(session.userId);
      const requestedAt = existing?.deletion_requested_at ?? now;
      const deleteBy = existing?.deletion_due_at ?? now + ACCOUNT_DELETION_DAYS * DAY_MS;
      await repos.privacy.update(session.userId, {
        deletion_requested_at: requestedAt,
        deletion_due_at: deleteBy,
      });
      await repos.users.update(session.userId, { is_disabled: 1 });
      await repos.devices.deleteAllForUser(session.userId);
      await deps.mailer.send(
        composeDeletionMail({ language: user.language, brand: deps.brand, to: user.email, deleteBy, origin }),
      );
      return { requested_at: requestedAt, delete_by: deleteBy };
    },

    /** Erases the accounts whose deletion is due; one process at a time. Answers how many. */
    async eraseDue(): Promise<number> {
      const lease = () => repos.taskLeases.claim(ERASE_LEASE, holder, clock(), clock() + ERASE_LEASE_MS);
      if (!(await lease())) return 0;
      let erased = 0;
      try {
        for (const userId of await repos.privacy.deletionsDue(clock(), 20)) {
          await erase(userId);
          erased += 1;
          if (!(await lease())) break;
        }
      } finally {
        await repos.taskLeases.release(ERASE_LEASE, holder);
      }
      return erased;
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
