import type { SaveEditedCopy } from '../features/editor/editor-screen.component';
import { createHttpUploadTransport } from '../features/upload/http-upload.transport';
import { UploadFailure } from '../features/upload/upload.transport';

/**
 * The edited copy goes up as any upload does (quota, dedup, thumbnails, the job's change feed),
 * beside its original and dated as it is, so it sits next to it in the timeline.
 */
export const saveEditedCopy: SaveEditedCopy = async ({ jobId, original, path, file }) => {
  const transport = createHttpUploadTransport();
  const signal = new AbortController().signal;
  try {
    await transport.fetchCheckContext();
    const checksum = await transport.hash(file, signal);
    return await transport.upload({
      jobId,
      path,
      file,
      mtime: file.lastModified,
      takenAt: original.timestamp * 1000,
      checksum,
      signal,
      onProgress: () => undefined,
      onResumed: () => undefined,
    });
  } catch (error) {
    if (error instanceof UploadFailure && error.kind === 'noStorage') throw new Error('noStorage');
    throw error;
  }
};
