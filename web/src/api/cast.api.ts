import type { CastItemReply } from '@nordlys/contract/cast-item';
import { apiRequest } from './client';

/**
 * GET /jobs/{id}/files_by_id/{fileId}/cast_item: the file as a TV receiver loads it, by a URL
 * signed for that file alone for an hour (made absolute here: the receiver is on another device).
 */
export async function fetchCastItem(jobId: string, fileId: string, origin: string): Promise<CastItemReply> {
  const item = await apiRequest<CastItemReply>(
    `/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(fileId)}/cast_item`,
  );
  return { ...item, url: new URL(item.url, origin).href };
}
