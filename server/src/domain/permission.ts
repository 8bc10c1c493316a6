/**
 * Every access check the server makes, by name. A service asks `requireAccess(caller, permission,
 * target)` (services/access.service.ts) before it acts; the answer is what the permission grants
 * (the job, the album and the caller's role in it) or the refusal the spec names.
 */
export const Permission = {
  /** Read a job's files and changes: the caller's own job (trash included) or a live album they may read. */
  JobRead: 'job.read',
  /** Add files to a job: the caller's own live job, or a joined album that allows uploads. */
  JobUpload: 'job.upload',
  /** A job's summary: the caller's own timeline or share, or an album they may read. */
  JobInfo: 'job.info',
  /** Read a live album and learn the caller's role in it (owner, subscriber, visitor). */
  AlbumRead: 'album.read',
  /** Change an album's settings, cover or files: its owner only. */
  AlbumEdit: 'album.edit',
  /** Comment on or love a live file of an album the caller may read. */
  AlbumFile: 'album.file',
  /** Read a live share: its owner, or anyone with its password where it has one. */
  ShareRead: 'share.read',
  /** Change or stop a live share: its owner only. */
  ShareEdit: 'share.edit',
} as const;

export type Permission = (typeof Permission)[keyof typeof Permission];
