import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.migration';
import * as serverSecrets from './0002-server-secrets.migration';
import * as identity from './0003-identity.migration';
import * as media from './0004-media.migration';
import * as timeline from './0005-timeline.migration';
import * as timelineFiles from './0006-timeline-files.migration';
import * as tusUploads from './0007-tus-uploads.migration';
import * as mediaRetries from './0008-media-retries.migration';
import * as userLanguage from './0010-user-language.migration';
import * as albums from './0011-albums.migration';
import * as albumSummary from './0011b-album-summary.migration';
import * as trash from './0012-trash.migration';
import * as comments from './0013-comments.migration';
import * as albumCounts from './0013b-album-counts.migration';
import * as shares from './0014-shares.migration';
import * as trashCountsStorage from './0015-trash-counts-storage.migration';
import * as subscriptions from './0016-subscriptions.migration';
import * as privacy from './0017-privacy.migration';
import * as periodicRuns from './0018-periodic-runs.migration';
import * as tusFinishClaim from './0019-tus-finish-claim.migration';

/** Every migration, in order. Names are permanent: they are recorded in each database. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-server-secrets': serverSecrets,
  '0003-identity': identity,
  '0004-media': media,
  '0005-timeline': timeline,
  '0006-timeline-files': timelineFiles,
  '0007-tus-uploads': tusUploads,
  '0008-media-retries': mediaRetries,
  '0010-user-language': userLanguage,
  '0011-albums': albums,
  '0011b-album-summary': albumSummary,
  '0012-trash': trash,
  '0013-comments': comments,
  '0013b-album-counts': albumCounts,
  '0014-shares': shares,
  '0015-trash-counts-storage': trashCountsStorage,
  '0016-subscriptions': subscriptions,
  '0017-privacy': privacy,
  '0018-periodic-runs': periodicRuns,
  '0019-tus-finish-claim': tusFinishClaim,
};
