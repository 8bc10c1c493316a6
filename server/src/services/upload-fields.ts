import type { UploadPolicy } from '@nordlys/contract/file';
import { badRequest } from '../domain/errors';

/** Fields that come with the bytes (multipart text fields or tus Upload-Metadata), still unchecked. */
export interface UploadFields {
  path: string | undefined;
  mtime: number | undefined;
  ctime?: number;
  /** Capture time, epoch seconds or milliseconds: an edited copy keeps its original's. */
  takenAt?: number;
  policy?: UploadPolicy;
  groupType?: 'live' | 'burst' | null;
  groupId?: string | null;
  master?: boolean;
  /** The SHA-256 the client computed, in hex: bytes that hash otherwise are refused. */
  checksum?: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

function parseNumberField(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw badRequest(`${name} must be a non-negative number`);
  return value;
}

/** Multipart text fields, checked one by one so that the reply names the field at fault. */
export function fieldsFromForm(raw: Record<string, string>): UploadFields {
  const policy = raw.policy || undefined;
  if (policy !== undefined && policy !== 'no_duplicates' && policy !== 'keep_both') {
    throw badRequest("policy must be 'no_duplicates' or 'keep_both'");
  }
  const groupType = raw.group_type || null;
  if (groupType !== null && groupType !== 'live' && groupType !== 'burst') {
    throw badRequest("group_type must be 'live' or 'burst'");
  }
  if ((raw.group_id ?? '').length > 255) throw badRequest('group_id must be at most 255 characters');
  const master = raw.master;
  if (master !== undefined && !['1', '0', 'true', 'false', ''].includes(master)) {
    throw badRequest("master must be '1' or '0'");
  }
  const checksum = raw.checksum || undefined;
  if (checksum !== undefined && !SHA256_HEX.test(checksum)) {
    throw badRequest('checksum must be a SHA-256 as 64 hexadecimal digits');
  }
  return {
    path: raw.path,
    mtime: parseNumberField('mtime', raw.mtime),
    ctime: parseNumberField('ctime', raw.ctime),
    takenAt: parseNumberField('taken_at', raw.taken_at),
    policy: policy as UploadPolicy | undefined,
    groupType,
    groupId: raw.group_id || null,
    master: master === '1' || master === 'true',
    checksum: checksum?.toLowerCase(),
  };
}

/** A tus upload's Upload-Metadata (`job_id`, `path` or `filename`, `mtime`, `taken_at`, `checksum`). */
export function fieldsFromTusMetadata(metadata: Record<string, string | null> | undefined): {
  jobId: string;
  fields: UploadFields;
} {
  const meta = metadata ?? {};
  const mtime = meta.mtime ? Number(meta.mtime) : undefined;
  const takenAt = parseNumberField('taken_at', meta.taken_at ?? undefined);
  return {
    jobId: meta.job_id || 'default',
    fields: {
      path: meta.path || meta.filename || undefined,
      mtime: mtime !== undefined && Number.isFinite(mtime) ? mtime : undefined,
      takenAt,
      policy: 'keep_both',
      checksum: meta.checksum || undefined,
    },
  };
}
