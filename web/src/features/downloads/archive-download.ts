import { archiveLink } from '../../api/archive.api';
import type { BrowserTransfer } from '../../file-actions/browser-transfer';
import { DOWNLOAD_GAP_MS } from '../../file-actions/download.action';
import type { FileActionFile } from '../../file-actions/file-action.types';
import { type DownloadItem, paginate } from './download-split';

export interface ArchiveDownloadOutcome {
  okIds: string[];
  failedIds: string[];
}

const asItem = (file: FileActionFile): DownloadItem => ({
  fileID: file.fileID,
  size: file.size ?? 0,
  path: file.fileName,
  takenAt: file.mtime ?? 0,
});

/**
 * Several files go as ZIP archives of at most 500 items and 3.5 GB each, one signed link per part,
 * saved by the browser one after another (a link expires in minutes, so each is minted just
 * before it is followed).
 */
export async function downloadAsArchives(
  transfer: BrowserTransfer,
  request: { jobId: string; files: readonly FileActionFile[]; productName: string; year: number },
): Promise<ArchiveDownloadOutcome> {
  const pages = paginate(request.files.map(asItem), { productName: request.productName, year: request.year });
  const outcome: ArchiveDownloadOutcome = { okIds: [], failedIds: [] };
  for (const [index, page] of pages.entries()) {
    try {
      const zipName = `${page.name}.zip`;
      const { url } = await archiveLink(request.jobId, {
        file_ids: page.fileIDs,
        zip_filename: zipName,
        mode: 'download',
      });
      if (index > 0) await transfer.pause(DOWNLOAD_GAP_MS);
      transfer.download(url, zipName);
      outcome.okIds.push(...page.fileIDs);
    } catch {
      outcome.failedIds.push(...page.fileIDs);
    }
  }
  return outcome;
}
