import { type Static, Type } from 'typebox';
import type { CastItem } from './cast-messages';

/**
 * `GET /st/4/jobs/{jobId}/files_by_id/{fileId}/cast_item`: a file as the sender puts it in a
 * loadSingleItem, with a URL signed for that file alone and valid for an hour, which the TV
 * receiver loads without any token of the user's. Root-relative unless PUBLIC_URL is set; the
 * sender makes it absolute before it goes to the receiver.
 */
export const CastItemReply = Type.Object({
  url: Type.String(),
  fileID: Type.String(),
  jobID: Type.String(),
  type: Type.Union([Type.Literal('image/jpeg'), Type.Literal('video/mp4')]),
  duration: Type.Number(),
});
export type CastItemReply = Static<typeof CastItemReply>;

// The reply is the message item: the codec and this schema cannot drift apart.
const sameShape: CastItem = {} as CastItemReply;
const sameShapeBack: CastItemReply = {} as CastItem;
void sameShape;
void sameShapeBack;
