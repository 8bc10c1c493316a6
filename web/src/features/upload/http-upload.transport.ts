import { FILE_ID_HEADER, type FileRecord } from '@nordlys/contract/file';
import type { DetailedError } from 'tus-js-client';
import { createAlbum } from '../../api/album-files.api';
import { apiUrl, basicAuthHeader } from '../../api/client';
import { fetchChangesAndUploadStatus } from '../../api/job-feed.api';
import { getAuthToken } from '../../api/session';
import {
  fetchFileRecord,
  fetchSupportedExtensions,
  fetchTusUploadStatus,
  fetchUploadAccountInfo,
  fetchUploadConfig,
  requestFilesDedup,
  type SupportedExtensionsReply,
  type UploadConfig,
} from '../../api/upload.api';
import { sha256Hex } from './file-hash';
import {
  classifyFailure,
  failureFromAnswer,
  type TransportUpload,
  type UploadCheckContext,
  UploadFailure,
  type UploadTransport,
} from './upload.transport';
import { MAX_FILE_SIZE } from './upload-checks';
import { processingReader } from './upload-status.reader';

const TUS_CHUNK_SIZE = 8 * 1024 * 1024;
const DEFAULT_CONFIG: UploadConfig = {
  resumable_threshold: 64 * 1024 * 1024,
  max_file_size: MAX_FILE_SIZE,
  tus_endpoint: '/st/4/tus',
};
const TUS_STATUS_POLL_MS = 1000;

function authHeaders(): Record<string, string> {
  const token = getAuthToken();
  return token ? { Authorization: basicAuthHeader(token) } : {};
}

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

function parseReason(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : text || undefined;
  } catch {
    return text || undefined;
  }
}

/** Multipart over XMLHttpRequest, because fetch reports no upload progress. */
function uploadMultipart(request: TransportUpload): Promise<FileRecord> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    // The server streams the file part, so the text fields must come first.
    const form = new FormData();
    form.append('path', request.path);
    form.append('mtime', String(request.mtime));
    if (request.takenAt !== undefined) form.append('taken_at', String(request.takenAt));
    form.append('policy', 'no_duplicates');
    // The server refuses bytes that do not hash to this, so a corrupted transfer is never stored.
    form.append('checksum', request.checksum);
    form.append('file', request.file, request.file.name);
    xhr.open('POST', apiUrl(`/jobs/${encodeURIComponent(request.jobId)}/upload`));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as FileRecord);
        } catch {
          reject(new UploadFailure('unknown', 'The upload answer was not JSON', xhr.status));
        }
        return;
      }
      reject(failureFromAnswer(xhr.status, parseReason(xhr.responseText)));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadFailure('network', 'The upload lost its connection'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(form);
  });
}

function tusFailure(error: Error): UploadFailure {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new UploadFailure('network', error.message);
  return failureFromAnswer(response.getStatus(), parseReason(response.getBody() ?? ''));
}

/** The server's offset for an upload started earlier, or null when it is gone (expired, finished). */
async function serverOffset(uploadUrl: string, signal: AbortSignal): Promise<number | null> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { ...authHeaders(), 'Tus-Resumable': '1.0.0' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new UploadFailure('network', (error as Error).message);
  }
  const offset = Number(response.headers.get('Upload-Offset'));
  return response.ok && Number.isFinite(offset) ? offset : null;
}

async function finishedRecord(
  jobId: string,
  fileId: string | null,
  uploadUrl: string | null,
  signal: AbortSignal,
): Promise<FileRecord> {
  if (fileId) return fetchFileRecord(jobId, fileId, signal);
  // The final answer carried no file id: ask the server how the upload ended.
  const tusId = uploadUrl?.split('/').pop();
  if (!tusId) throw new UploadFailure('unknown', 'The resumable upload has no id');
  for (;;) {
    const status = await fetchTusUploadStatus(tusId, signal);
    if (status.status === 'done' && status.file) return status.file;
    if (status.status === 'failed') throw failureFromAnswer(500, status.error);
    await new Promise((resolve) => setTimeout(resolve, TUS_STATUS_POLL_MS));
  }
}

/** Chunked tus upload; its URL is kept in localStorage so a reload or a lost line resumes it. */
async function uploadResumable(request: TransportUpload, endpoint: string): Promise<FileRecord> {
  const { file, signal } = request;
  // tus-js-client is fetched with the first file large enough to need it.
  const { Upload } = await import('tus-js-client');
  let fileId: string | null = null;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Until start() the promise may settle (an abort) with nobody awaiting it yet.
  finished.catch(() => {});
  const upload = new Upload(file, {
    endpoint: apiUrl(endpoint),
    chunkSize: TUS_CHUNK_SIZE,
    // The engine owns retrying (Offline, the 4 s countdown, Retrying), so tus must not retry on its own.
    retryDelays: null,
    headers: authHeaders(),
    metadata: {
      job_id: request.jobId,
      path: request.path,
      filename: file.name,
      mtime: String(request.mtime),
      ...(request.takenAt !== undefined ? { taken_at: String(request.takenAt) } : {}),
      checksum: request.checksum,
    },
    // The same bytes to the same place are the same upload, whatever the page's query parameters.
    fingerprint: async () => `nordlys-tus:${request.jobId}:${request.checksum}:${request.path}`,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => request.onProgress(total > 0 ? sent / total : 0),
    onAfterResponse: (_req, res) => {
      const id = res.getHeader(FILE_ID_HEADER);
      if (id) fileId = id;
    },
    onSuccess: () => settle?.resolve(),
    onError: (error) => settle?.reject(tusFailure(error)),
  });
  const onAbort = () => {
    // abort(false) keeps the server's partial upload, so a later start resumes it.
    void upload.abort(false);
    settle?.reject(abortError());
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const previous = (await upload.findPreviousUploads()).find((entry) => entry.uploadUrl);
    if (previous?.uploadUrl) {
      const offset = await serverOffset(previous.uploadUrl, signal);
      if (offset !== null) {
        if (file.size > 0) request.onResumed(offset / file.size);
        upload.resumeFromPreviousUpload(previous);
      }
    }
    if (signal.aborted) throw abortError();
    upload.start();
    await finished;
    return await finishedRecord(request.jobId, fileId, upload.url, signal);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The real transport: the API client for JSON calls, XHR for multipart, tus-js-client above the threshold. */
/** A `since` past any job's serial: the status call answers the status alone, no changes. */
const STATUS_ONLY_SINCE = 2_147_483_647;

const isProcessing = processingReader(
  async (jobId) =>
    (await fetchChangesAndUploadStatus(jobId, STATUS_ONLY_SINCE)).async_upload_status.processing,
);

export function createHttpUploadTransport(): UploadTransport {
  let config: UploadConfig = DEFAULT_CONFIG;
  let extensions: SupportedExtensionsReply | null = null;

  return {
    async fetchCheckContext(): Promise<UploadCheckContext> {
      const [loadedConfig, loadedExtensions, account] = await Promise.all([
        fetchUploadConfig(),
        extensions ?? fetchSupportedExtensions(),
        fetchUploadAccountInfo(),
      ]);
      config = loadedConfig;
      extensions = loadedExtensions;
      return {
        extensions,
        maxFileSize: config.max_file_size,
        remainingSpace: Math.max(0, account.max_space - account.used_space),
        readOnly: account.is_read_only_user,
      };
    },
    hash: (file, signal) => sha256Hex(file, signal),
    dedup: (jobId, request, signal) => requestFilesDedup(jobId, request, signal),
    isResumable: (size) => size > config.resumable_threshold,
    async upload(request) {
      try {
        return request.file.size > config.resumable_threshold
          ? await uploadResumable(request, config.tus_endpoint)
          : await uploadMultipart(request);
      } catch (error) {
        throw classifyFailure(error);
      }
    },
    createAlbum: async (album) => (await createAlbum(album)).id,
    // The job's async upload status lists the caller's files whose thumbnail or encode is pending.
    async processingState(record) {
      return (await isProcessing(record.jobID, record.fileID)) ? 'pending' : 'done';
    },
  };
}
