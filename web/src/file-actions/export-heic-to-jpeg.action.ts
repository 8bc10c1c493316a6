import { downloadEach } from './download.action';
import type { FileAction } from './file-action.types';
import { isHeicFile, jpegName, toJpegUrl } from './file-kind';

/** Saves HEIC pictures as JPEG renderings made by the server (core.md §2: shown for HEIC files). */
export const exportHeicToJpegAction: FileAction = {
  id: 'EXPORT',
  labelKey: 'fileMenu:actions.exportJpeg',
  icon: 'export',
  isVisible: (ctx) => ctx.surface !== 'trash' && ctx.files.length > 0 && ctx.files.every(isHeicFile),
  isEnabled: (ctx) => ctx.files.every((file) => Boolean(file.previewURL)),
  perform: (ctx) =>
    downloadEach(
      ctx,
      (file) => (file.previewURL ? toJpegUrl(file.previewURL) : null),
      (file) => jpegName(file.fileName),
    ),
};
