import { browserTransfer } from './browser-transfer';
import { fileActionPorts } from './file-action.ports';
import type { FileAction, FileActionFile } from './file-action.types';
import { isPictureFile, toJpegUrl } from './file-kind';

/** The rendering to copy: the 1280 px thumbnail, else a JPEG of the original. */
const imageUrl = (file: FileActionFile): string | null =>
  file.thumbURLLarge ?? (file.previewURL ? toJpegUrl(file.previewURL) : null);

/** Copies one picture to the clipboard as PNG (core.md §2: images only; §8 success and failure toasts). */
export const copyImageToClipboardAction: FileAction = {
  id: 'COPY_TO_CLIPBOARD',
  labelKey: 'fileMenu:actions.copyToClipboard',
  icon: 'clipboard',
  isVisible: (ctx) =>
    ctx.surface !== 'trash' && ctx.files.length === 1 && ctx.files.every((file) => isPictureFile(file)),
  isEnabled: (ctx) => ctx.files.length === 1 && imageUrl(ctx.files[0]!) !== null,
  async perform(ctx) {
    const file = ctx.files[0]!;
    const ports = fileActionPorts();
    const url = imageUrl(file);
    try {
      if (!url) throw new Error('no image URL');
      // Called before any await: the clipboard write must start inside the click.
      await browserTransfer().copyImage(url);
    } catch (error) {
      console.warn('Copying the image to the clipboard failed', error);
      ports.showToast(ctx.dispatch, { type: 'imageCopyToClipboardFailed', fileIds: [file.fileID] });
      return { outcome: 'failed', fileIds: [], failedIds: [file.fileID], clearSelection: false };
    }
    ports.showToast(ctx.dispatch, { type: 'imageCopiedToClipboard', fileIds: [file.fileID] });
    return { outcome: 'done', fileIds: [file.fileID], failedIds: [], clearSelection: false };
  },
};
