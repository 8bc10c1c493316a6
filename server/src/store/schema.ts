/**
 * Table shapes shared by SQLite and PostgreSQL. Times are epoch milliseconds and flags are 0/1
 * integers so that one set of migrations and queries serves both dialects.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  profile_picture_key: string | null;
  is_read_only: number;
  is_disabled: number;
  created_at: number;
  /** The app's locale (nb_NO, en_US, sv_SE, bg_BG) as the app last reported it; null before. */
  language: string | null;
}

export interface DevicesTable {
  id: string;
  user_id: string;
  /** The device id the client chose (capture_device.device_id); unique per user. */
  client_device_id: string;
  name: string;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
}

export interface GrantsTable {
  id: string;
  user_id: string;
  source: string;
  size_bytes: number;
  created_at: number;
  expires_at: number | null;
  /** The subscription paying for this grant; null for grants given otherwise. */
  subscription_id: string | null;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider: string;
  customer_id: string;
  name: string;
  email: string;
  created_at: number;
}

export interface PaymentMethodsTable {
  user_id: string;
  provider: string;
  method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: number;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_subscription_id: string;
  product_id: string;
  /** incomplete (the card needs an action), trialing, active, ended. */
  status: string;
  period_start: number;
  period_end: number;
  cancel_at_period_end: number;
  /** A smaller plan that takes over at the end of the period. */
  upcoming_product_id: string | null;
  /** For an incomplete one: the secret the client confirms the payment with. */
  client_secret: string | null;
  created_at: number;
}

export interface OfflinePaymentObjectsTable {
  id: string;
  kind: string;
  customer_id: string;
  /** JSON of the object. */
  data: string;
  created_at: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export type JobType = 'timeline' | 'story' | 'share';
export type MediaKind = 'picture' | 'movie' | 'document';
export type ThumbStatus = 'pending' | 'ready' | 'failed' | 'none';
export type EncodeStatus = 'none' | 'pending' | 'processing' | 'ready' | 'failed';
export type FileType = 'Pictures' | 'Movies' | 'Documents';

/** Everything that holds files: a user's timeline, an album (story) or a share. */
export interface JobsTable {
  id: string;
  type: JobType;
  owner_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  /** Bumped with every change row, in the same transaction. */
  serial: number;
  deleted_at: number | null;
}

/** Stored bytes, addressed by SHA-256; thumbnails and encodes are made once per content. */
export interface ContentsTable {
  sha256: string;
  size: number;
  mime: string;
  media_kind: MediaKind;
  blob_key: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  taken_at: number | null;
  /** JSON: make, model, iso, aperture, exposure, focal_length, gps. */
  metadata: string | null;
  /** File rows (trashed ones included) that point here; the bytes go when it reaches 0. */
  ref_count: number;
  thumb_status: ThumbStatus;
  encode_status: EncodeStatus;
  thumbhash: string | null;
  created_at: number;
}

export interface FilesTable {
  id: string;
  job_id: string;
  content_sha256: string;
  /** The uploader, whose used_space the content counts towards. */
  user_id: string;
  path: string;
  file_name: string;
  extension: string;
  size: number;
  mtime: number;
  ctime: number;
  /** Capture time, else mtime. */
  taken_at: number;
  uploaded_at: number;
  file_type: FileType;
  is_screenshot: number;
  group_type: 'live' | 'burst' | null;
  group_id: string | null;
  is_master: number;
  deleted_at: number | null;
}

/** 0 file added, 1 file removed, 10 comment, 11 marker, 12 reaction. */
export interface ChangesTable {
  job_id: string;
  serial: number;
  type: number;
  entity_id: string;
  fields: string | null;
  created_at: number;
}

/** How many of a user's file rows (live or trashed, not purged) point at a content: used_space counts each content once. */
export interface UserContentsTable {
  user_id: string;
  sha256: string;
  ref_count: number;
}

export interface UserUsageTable {
  user_id: string;
  used_space: number;
  picture_count: number;
  video_count: number;
  screenshot_count: number;
  document_count: number;
}

/**
 * Every live file with the columns a FileRecord shows, in the timeline's order; kept exact by
 * triggers (0006-timeline-files). On PostgreSQL path and file_name are null for names too long
 * for an index entry.
 */
export type TimelineFilesTable = Omit<FilesTable, 'extension' | 'deleted_at' | 'path' | 'file_name'> &
  Pick<ContentsTable, 'media_kind' | 'width' | 'height' | 'duration_ms' | 'encode_status' | 'thumbhash'> & {
    path: string | null;
    file_name: string | null;
  };

/** Per job and UTC capture day: non-deleted files by kind, kept exact by triggers (0005-timeline). */
export interface TimelineDaysTable {
  job_id: string;
  year: number;
  month: number;
  day: number;
  pictures: number;
  videos: number;
  /** A subset of pictures. */
  screenshots: number;
  documents: number;
}

export interface OidcPayloadsTable {
  id: string;
  kind: string;
  /** The provider's JSON payload. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface IdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface AccountAttributesTable {
  user_id: string;
  key: string;
  value: string;
  updated_at: number;
}

export interface UserOptionsTable {
  user_id: string;
  name: string;
  value: string;
  updated_at: number;
}

export interface ClientStatsTable {
  user_id: string;
  last_foreground: number | null;
  last_engaged: number | null;
  updated_at: number;
}

export interface UserStatisticsEventsTable {
  id: string;
  user_id: string;
  device_id: string;
  name: string;
  timestamp: number;
  data: string | null;
  created_at: number;
}

/** How a resumable upload stands: still receiving, being ingested, or ended. */
export type TusUploadStatus = 'uploading' | 'processing' | 'done' | 'failed';

export interface TusUploadsTable {
  id: string;
  user_id: string;
  /** Null while the client defers the length. */
  size: number | null;
  received: number;
  /** The tus Upload-Metadata as JSON, with the server's `user_id`. */
  metadata: string;
  status: TusUploadStatus;
  file_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  /** The token of the process finishing the upload (status 'processing'); null otherwise. */
  finish_claim: string | null;
}

/** A content's media task that failed transiently and gets later rounds (migration 0008). */
export interface MediaRetriesTable {
  sha256: string;
  job_name: 'thumbnails' | 'encode-video';
  /** Rounds of attempts that have failed so far. */
  rounds: number;
  /** When the next round is due; null once no round is left or while one is under way. */
  retry_at: number | null;
}

/** Who runs a periodic task now, until when (0012-trash): one process of several at a time. */
export interface TaskLeasesTable {
  name: string;
  holder: string;
  held_until: number;
}

/** Who started a periodic task's latest run, and when (0018): one run per period over all processes. */
export interface PeriodicRunsTable {
  name: string;
  holder: string;
  started_at: number;
}

export interface TusPartsTable {
  upload_id: string;
  part_start: number;
  size: number;
  blob_key: string;
}

/** An album's settings beside its job row (0011-albums). */
export interface AlbumsTable {
  job_id: string;
  privacy: 'private' | 'shared';
  /** argon2id of the transformed password; null for an album without one. */
  password_hash: string | null;
  /** Bits: 1 comments, 2 uploads. */
  permissions: number;
  allow_sharing: number;
  cover_file_id: string | null;
  sort_order: 'ADDED' | 'OLDEST_TAKEN' | 'NEWEST_TAKEN';
  /** Live files, their bytes, and how many are HEIC; kept by the file bookkeeping. */
  media_count: number;
  size_bytes: number;
  heic_count: number;
  /** Capture-date range of the live files, and the file added last (0011b-album-summary). */
  first_taken: number | null;
  last_taken: number | null;
  latest_file_id: string | null;
  /** Joined users, comments and loves, moved by the service bookkeeping (services/album-bookkeeping.ts) in the transaction that changes them. */
  participant_count: number;
  comment_count: number;
  reaction_count: number;
}

/** Signed-in users who joined (subscribed to) an album shared with them. */
export interface AlbumMembersTable {
  job_id: string;
  user_id: string;
  joined_at: number;
}

/** A name a signed-out visitor gave for one album; the token (stored hashed) identifies them after. */
export interface AlbumGuestsTable {
  id: string;
  job_id: string;
  name: string;
  token_hash: string;
  created_at: number;
}

export interface CommentsTable {
  id: string;
  job_id: string;
  file_id: string;
  /** A user's id, or an album guest's id. */
  author_id: string;
  author_name: string;
  author_is_guest: number;
  body: string;
  created_at: number;
  edited_at: number | null;
}

/** One love or none per actor (user or guest id) per file. */
/** A share of files (migration 0014): a link, valid until expires_at, maybe behind a password. */
export interface SharesTable {
  id: string;
  owner_id: string;
  created_at: number;
  expires_at: number;
  password_hash: string | null;
  deleted_at: number | null;
}

export interface ShareFilesTable {
  share_id: string;
  file_id: string;
  position: number;
}

export interface ReactionsTable {
  job_id: string;
  file_id: string;
  actor_id: string;
  kind: string;
  created_at: number;
}

export interface DB {
  users: UsersTable;
  devices: DevicesTable;
  grants: GrantsTable;
  server_secrets: ServerSecretsTable;
  oidc_payloads: OidcPayloadsTable;
  identities: IdentitiesTable;
  login_throttle: LoginThrottleTable;
  account_attributes: AccountAttributesTable;
  user_options: UserOptionsTable;
  client_stats: ClientStatsTable;
  user_statistics_events: UserStatisticsEventsTable;
  jobs: JobsTable;
  contents: ContentsTable;
  files: FilesTable;
  changes: ChangesTable;
  user_contents: UserContentsTable;
  user_usage: UserUsageTable;
  timeline_days: TimelineDaysTable;
  timeline_files: TimelineFilesTable;
  tus_uploads: TusUploadsTable;
  tus_parts: TusPartsTable;
  media_retries: MediaRetriesTable;
  task_leases: TaskLeasesTable;
  periodic_runs: PeriodicRunsTable;
  albums: AlbumsTable;
  album_members: AlbumMembersTable;
  album_guests: AlbumGuestsTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  shares: SharesTable;
  share_files: ShareFilesTable;
  consents: ConsentsTable;
  account_privacy: AccountPrivacyTable;
  email_consents: EmailConsentsTable;
  data_copies: DataCopiesTable;
  client_errors: ClientErrorsTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  subscriptions: SubscriptionsTable;
  offline_payment_objects: OfflinePaymentObjectsTable;
}

/** One consent of a user (migration 0017-privacy); a key without a row reads false. */
export interface ConsentsTable {
  user_id: string;
  key: string;
  value: number;
  updated_at: number;
}

/** A user's privacy state: approved terms, sunset date, digital legacy, deletion schedule. */
export interface AccountPrivacyTable {
  user_id: string;
  tos_version: string | null;
  tos_approved_at: number | null;
  sunset_delete_at: number | null;
  legacy_choice: string | null;
  legacy_language: string | null;
  /** JSON: one contact (name, phone_number, email_address, address). */
  legacy_contact: string | null;
  deletion_requested_at: number | null;
  /** Set with the request: the account and its bytes are erased once this time has passed. */
  deletion_due_at: number | null;
}

/** Whether an address wants our mail; the identifier goes in every mail sent to it. */
export interface EmailConsentsTable {
  identifier: string;
  /** Lower case. */
  email: string;
  consent: number;
  updated_at: number;
}

export type DataCopyStatus = 'pending' | 'ready' | 'failed';

export interface DataCopiesTable {
  id: string;
  user_id: string;
  status: DataCopyStatus;
  blob_key: string | null;
  requested_at: number;
  ready_at: number | null;
}

export interface ClientErrorsTable {
  id: string;
  user_id: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  created_at: number;
}
