import type { AccountInfo } from '../api/account.api';

/** An account as GET /account_info answers it, for tests. */
export function sampleAccount(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    uuid: 'user-1',
    name: 'Ada Lovelace',
    logged_in_as: 'ada@example.com',
    profile_picture_url: null,
    used_space: 1024,
    max_space: 15 * 1024 ** 3,
    has_files_not_media: false,
    tos_to_approve: null,
    is_read_only_user: false,
    isBeingShutDown: false,
    sunset_delete_date: null,
    number_of_subscribed_albums: 0,
    permitted_services: { analytics: false },
    file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
    ...overrides,
  };
}
