import type { FileRecord } from '@nordlys/contract/file';

/** A FileRecord with the fields a test cares about; the rest are plausible defaults. */
export function fileRecord(fileID: string, overrides: Partial<FileRecord> = {}): FileRecord {
  return {
    fileID,
    jobID: 'job-1',
    path: `${fileID}.jpg`,
    fileName: `${fileID}.jpg`,
    size: 1000,
    ctime: 1_700_000_000,
    mtime: 1_700_000_000,
    timestamp: 1_700_000_000,
    uploadedTime: 1_700_000_000,
    checksum: 'a'.repeat(64),
    duration: 0,
    user_uuid: 'user-1',
    file_type: 'Pictures',
    is_screenshot: false,
    group_type: null,
    group_id: null,
    master: '1',
    width: 1600,
    height: 1200,
    thumbURLSmall: `/th/3/${fileID}?area=256`,
    thumbURLTile: `/th/3/${fileID}?area=512`,
    thumbURLLarge: `/th/3/${fileID}?area=1280`,
    thumbhash: null,
    previewURL: `/st/4/jobs/job-1/files_by_id/${fileID}/preview?exp=1&sig=s`,
    ...overrides,
  };
}

/** Files a, b, c… newest first (a is the newest). */
export const timelineFiles = (...ids: string[]): FileRecord[] =>
  ids.map((id, index) => fileRecord(id, { timestamp: 1_700_000_000 - index * 60 }));
