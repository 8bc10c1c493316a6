/**
 * What every documented route answers to every kind of caller: one row per route, one status per
 * caller, in the order of ACTORS (security-world.ts):
 *
 *   own  owner of the album, share, files and account the call names
 *   par  participant of the owner's shared album (joined with its password)
 *   ro   read-only user (no live storage grant or flagged), also a participant
 *   str  stranger: another signed-in user with files of their own
 *   ag   guest with the album's password (and a named-guest token)
 *   ag✗  guest with a wrong album password (and the same token)
 *   sg   guest with the share's password
 *   sg✗  guest with a wrong share password
 *   dis  disabled user (401 user_disabled)
 *   anon no credentials at all
 *   garb a token that was never issued
 *   rev  the token of a device its owner removed
 *
 * `~` after a status: the call is answered (a bulk call's per-item results) but must change
 * nothing stored; every refusal must change nothing too (only counted failed guesses).
 *
 * A change here is a change of who may do what: review it like the code it guards. The second
 * column says why where the row is not obvious.
 */
export const AUTHORIZATION_MATRIX: Record<string, [string, string?]> = {
  //        own  par  ro   str  ag   ag✗  sg   sg✗  dis  anon garb rev
  'GET /st/4/jobs/{id}/service': [
    '200  200  200  200  200  200  200  200  200  200  200  200',
    'which host serves a job: public, names nothing of it',
  ],
  'GET /st/4/login/config': [
    '200  200  200  200  200  200  200  200  200  200  200  200',
    'public: where sign-in starts',
  ],
  'POST /st/4/login/exchange': [
    '400  400  400  400  400  400  400  400  400  400  400  400',
    'public; a made-up code is invalid_grant for everyone',
  ],
  'GET /st/4/account_info': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/name': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/logout': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'POST /st/4/profile_picture': ['201  201  201  201  401  401  401  401  401  401  401  401'],
  'GET /st/4/profile_picture/{userId}/{file}': [
    '200  200  200  200  200  200  200  200  200  200  200  200',
    'like an <img>: the URL names a random version and needs no session',
  ],
  'GET /st/4/devices': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'DELETE /st/4/devices/{id}': [
    '204  404  404  404  401  401  401  401  401  401  401  401',
    "the owner's spare device; another user's device is not found",
  ],
  'POST /st/4/account_attribute': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'GET /st/4/account_attribute': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'DELETE /st/4/account_attribute': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'GET /st/4/options/{name}': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'PUT /st/4/options/{name}': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'DELETE /st/4/options/{name}': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'POST /st/4/client_stats': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'POST /st/4/user_statistics_events': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'GET /st/4/data_protection/consent_values': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/data_protection/consent_values': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'GET /st/4/data_protection/request_data_access_availability': [
    '200  200  200  200  401  401  401  401  401  401  401  401',
  ],
  'POST /st/4/data_protection/request_data_access': [
    '202  202  202  202  401  401  401  401  401  401  401  401',
  ],
  'GET /st/4/data_protection/data_copy': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'GET /st/4/data_protection/data_copy/{id}/download': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'no data copy made yet',
  ],
  'POST /st/4/data_protection/request_account_deletion': [
    '202  202  202  202  401  401  401  401  401  401  401  401',
  ],
  'GET /st/4/digital_legacy': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/digital_legacy': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/approve_tos': ['204  204  204  204  401  401  401  401  401  401  401  401'],
  'GET /st/4/user/email_consent': [
    '200  200  200  200  400  400  400  400  401  400  401  401',
    'by identifier from the e-mail link, or the session; a sent token must be valid',
  ],
  'POST /st/4/user/email_consent': [
    '200  200  200  200  400  400  400  400  401  400  401  401',
    'by identifier from the e-mail link, or the session; a sent token must be valid',
  ],
  'POST /st/4/client_errors': [
    '204  204  204  204  204  204  204  204  204  204  204  204',
    'anyone may report a client error (rate-limited, stores no secret)',
  ],
  'GET /st/4/supported_extensions': ['200  200  200  200  200  200  200  200  200  200  200  200', 'public'],
  'GET /st/4/upload_config': ['200  200  200  200  200  200  200  200  200  200  200  200', 'public'],
  'GET /st/4/jobs/default': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/upload': [
    '201  201  403  403  401  401  401  401  401  401  401  401',
    'writers of a shared album upload; read-only users cannot',
  ],
  'POST /st/4/jobs/{id}/files_dedup': [
    '200  200  403  403  401  401  401  401  401  401  401  401',
    'writers of a shared album link; read-only users cannot',
  ],
  'GET /st/4/jobs/{id}/files_by_id/{fileId}': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'DELETE /st/4/jobs/{id}/files_by_id/{fileId}': [
    '200  403  403  403  401  401  401  401  401  401  401  401',
  ],
  'GET /st/4/jobs/{id}/files_by_id/{fileId}/cast_item': [
    '422  422  422  403  422  403  403  403  401  403  401  401',
    'readers may cast; a text document cannot be cast (422)',
  ],
  'GET /st/4/jobs/{id}/metadata/{*}': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'POST /st/4/jobs': [
    '201  201  403  201  401  401  401  401  401  401  401  401',
    'a read-only user cannot create albums',
  ],
  'GET /st/4/jobs': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'GET /st/4/jobs/{id}': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'DELETE /st/4/jobs/{id}': ['204  403  403  403  401  401  401  401  401  401  401  401'],
  'GET /st/4/jobs/{id}/info': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/users': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'POST /st/4/jobs/{id}/name': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/cover': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/privacy_mode': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/permissions': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/password': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'PUT /st/4/jobs/{id}/attribute/{name}': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/subscribe': [
    '409  200  200  403  401  401  401  401  401  401  401  401',
    'the owner is no participant of their own album (409)',
  ],
  'POST /st/4/jobs/{id}/unsubscribe': [
    '409  204  204  403  401  401  401  401  401  401  401  401',
    'the owner cannot leave their own album (409)',
  ],
  'POST /st/4/jobs/{id}/guest': [
    '409  409  409  409  201  403  403  403  401  403  401  401',
    'only signed-out visitors with the password become named guests; signed-in users 409',
  ],
  'POST /st/4/jobs/{id}/keep-all-files': [
    '200  200  403  403  401  401  401  401  401  401  401  401',
    "a participant keeps the album's files in their own timeline; read-only users cannot",
  ],
  'POST /st/4/jobs/{id}/keep-files': [
    '200  200  403  403  401  401  401  401  401  401  401  401',
    "a participant keeps the album's files in their own timeline; read-only users cannot",
  ],
  'GET /st/4/uploads/{tusId}': [
    '200  404  404  404  401  401  401  401  401  401  401  401',
    "only the uploader reads their upload's outcome; another's upload is not found",
  ],
  'GET /st/4/jobs/{id}/timeline/months': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/files': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/timeline/tiles': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/recents': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/stats': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /st/4/jobs/{id}/changes': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'POST /st/4/jobs/{id}/delete_files': [
    '200  200~ 200~ 403  401  401  401  401  401  401  401  401',
    'only the owner (or the uploader) deletes; participants get per-file refusals',
  ],
  'POST /st/4/trash_can/restore': [
    '200  200~ 403  200~ 401  401  401  401  401  401  401  401',
    "each caller's own trash: another's file is a per-file refusal; read-only users cannot restore",
  ],
  'POST /st/4/empty_trash_can': [
    '200  200~ 200~ 200~ 401  401  401  401  401  401  401  401',
    "each caller's own trash: another's file is a per-file refusal",
  ],
  'POST /st/4/jobs/default/copy_files': [
    '200  200~ 403  200~ 401  401  401  401  401  401  401  401',
    "into the caller's timeline: another's file is a per-file refusal; read-only users cannot",
  ],
  'GET /st/4/trash_can': [
    '200  200  200  200  401  401  401  401  401  401  401  401',
    "each caller's own trash",
  ],
  'POST /st/4/jobs/{id}/multi_rollback': [
    '200  404  404  404  401  401  401  401  401  401  401  401',
    'only the owner restores in an album',
  ],
  'GET /st/4/trash_can_albums': [
    '200  200  200  200  401  401  401  401  401  401  401  401',
    "each caller's own trashed albums",
  ],
  'POST /st/4/rollback_albums': [
    '200  200~ 403  200~ 401  401  401  401  401  401  401  401',
    "each caller's own trashed albums: another's is a per-album refusal; read-only users cannot",
  ],
  'DELETE /st/4/delete_albums_from_trash_can': [
    '200  200~ 200~ 200~ 401  401  401  401  401  401  401  401',
    "each caller's own trashed albums: another's is a per-album refusal",
  ],
  'GET /st/4/jobs/{id}/files_by_id/{fileId}/comments': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
  ],
  'POST /st/4/jobs/{id}/files_by_id/{fileId}/comments': [
    '201  201  201  403  201  403  403  403  401  403  401  401',
  ],
  'PUT /st/4/jobs/{id}/files_by_id/{fileId}/comments/{commentId}': [
    '200  403  403  403  403  403  403  403  401  403  401  401',
    "only the author edits (the owner's comment)",
  ],
  'DELETE /st/4/jobs/{id}/files_by_id/{fileId}/comments/{commentId}': [
    '204  204  204  403  204  403  403  403  401  403  401  401',
    'an author removes their own comment (the owner any); others cannot comment at all',
  ],
  'POST /st/4/jobs/{id}/files_by_id/{fileId}/reaction': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
  ],
  'DELETE /st/4/jobs/{id}/files_by_id/{fileId}/reaction': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
  ],
  'POST /st/4/shares': [
    '201  404  403  404  401  401  401  401  401  401  401  401',
    "only one's own files are shared: another's are not found; read-only users cannot share",
  ],
  'GET /st/4/shares/{id}': [
    '200  403  403  403  403  403  200  403  401  403  401  401',
    'the owner, or anyone with the share password (a signed-in user too)',
  ],
  'DELETE /st/4/shares/{id}': ['204  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/shares/{id}/email': ['204  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/shares/{id}/copy_to_timeline': ['200  403  403  403  401  401  401  401  401  401  401  401'],
  'POST /st/4/jobs/{id}/publish': ['204  403  403  403  401  401  401  401  401  401  401  401'],
  'GET /st/4/jobs/{id}/changes_and_async_upload_status': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
  ],
  'GET /poll/jobs/{id}/poll': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'GET /th/3/{fileId}': [
    '403  403  403  403  403  403  403  403  403  403  403  403',
    'media open by signed URL only, never by session or password',
  ],
  'GET /th/3/trash/{jobId}/{fileId}': [
    '403  403  403  403  403  403  403  403  403  403  403  403',
    'media open by signed URL only, never by session or password',
  ],
  'GET /st/4/jobs/{jobId}/files_by_id/{fileId}/preview': [
    '403  403  403  403  403  403  403  403  403  403  403  403',
    'media open by signed URL only, never by session or password',
  ],
  'GET /st/4/jobs/{jobId}/files_by_id/{fileId}/video': [
    '403  403  403  403  403  403  403  403  403  403  403  403',
    'media open by signed URL only, never by session or password',
  ],
  'POST /st/4/jobs/{jobId}/files_as_archive': ['200  200  200  403  200  403  403  403  401  403  401  401'],
  'POST /st/4/shares/{id}/files_as_archive/link': [
    '200  403  403  403  403  403  200  403  401  403  401  401',
    'as reading the share: the owner, or anyone with its password',
  ],
  'GET /st/4/shares/{id}/files_as_archive': [
    '200  403  403  403  403  403  200  403  401  403  401  401',
    'without a signature: as reading the share',
  ],
  'GET /st/4/jobs/{jobId}/files_as_archive': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
    'without a signature: the album readers by session or password',
  ],
  'POST /st/4/jobs/{jobId}/files_as_archive/link': [
    '200  200  200  403  200  403  403  403  401  403  401  401',
  ],
  'GET /st/4/trash_can/files_as_archive': [
    '200  200  200  200  401  401  401  401  401  401  401  401',
    "each caller's own trash (empty for the others)",
  ],
  'POST /st/4/trash_can/files_as_archive/link': [
    '200  403  403  403  401  401  401  401  401  401  401  401',
    "the owner's trashed file; not in the others' trash",
  ],
  'GET /st/4/stripe_products': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'GET /st/4/user_grants': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/user_grants/{id}/{action}': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'an unknown grant is not found for everyone signed in',
  ],
  'GET /st/4/stripe/subscriptions': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/stripe/v1/subscriptions/{id}/refresh': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'an unknown subscription is not found for everyone signed in',
  ],
  'GET /st/4/stripe_payment_method': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'no card stored yet',
  ],
  'GET /st/4/stripe/customer_exists': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'no customer made yet',
  ],
  'POST /st/4/stripe/create_customer': ['201  201  201  201  401  401  401  401  401  401  401  401'],
  'POST /st/4/stripe/create_setup_intent': ['200  200  200  200  401  401  401  401  401  401  401  401'],
  'POST /st/4/stripe/finish_setup_intent': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'an unknown setup intent',
  ],
  'POST /st/4/stripe/v1/purchase': [
    '400  400  400  400  401  401  401  401  401  401  401  401',
    'an unknown plan',
  ],
  'PUT /st/4/stripe/v1/purchase': [
    '400  400  400  400  401  401  401  401  401  401  401  401',
    'an unknown plan',
  ],
  'POST /st/4/offline_payments/confirm_setup': [
    '400  400  400  400  400  400  400  400  400  400  400  400',
    'body checked before the session: a made-up card is refused for all',
  ],
  'POST /st/4/offline_payments/confirm_payment': [
    '404  404  404  404  401  401  401  401  401  401  401  401',
    'an unknown payment',
  ],
  // The tus protocol (not in the OpenAPI document; see UNDOCUMENTED): the owner's unfinished upload.
  'POST /st/4/tus': [
    '201  201  403  201  401  401  401  401  401  401  401  401',
    'read-only users cannot upload',
  ],
  'HEAD /st/4/tus/{tusId}': [
    '200  404  404  404  401  401  401  401  401  401  401  401',
    "only the uploader reaches their upload; another's is not found",
  ],
  'PATCH /st/4/tus/{tusId}': [
    '204  404  404  404  401  401  401  401  401  401  401  401',
    "only the uploader reaches their upload; another's is not found",
  ],
  'DELETE /st/4/tus/{tusId}': [
    '204  404  404  404  401  401  401  401  401  401  401  401',
    "only the uploader reaches their upload; another's is not found",
  ],
};

export interface ExpectedCell {
  status: number;
  /** The call must leave everything stored as it was: every refusal, and a `~` answer. */
  unchanged: boolean;
}

/** A row's cells: a status, `~` after it for an answer that must change nothing (a bulk call's per-item refusals). */
export function parseRow(row: string): ExpectedCell[] {
  const cells = row
    .trim()
    .split(/\s+/)
    .map((cell) => {
      const status = Number(cell.replace(/~$/, ''));
      return { status, unchanged: cell.endsWith('~') || status >= 400 };
    });
  if (cells.length !== 12 || cells.some((cell) => !Number.isInteger(cell.status))) {
    throw new Error(`bad matrix row: ${row}`);
  }
  return cells;
}
