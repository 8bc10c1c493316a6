import type { BulkFileResults } from '@nordlys/contract/timeline';
import type { BulkOutcome } from '../services/file-actions.service';

/** A bulk file call's answer: each id's result and the caller's quota. */
export const bulkReply = (outcome: BulkOutcome): BulkFileResults => ({
  results: outcome.results,
  used_space: outcome.usedSpace,
  max_space: outcome.maxSpace,
});
