/**
 * What can go wrong inside the engine, as the editor's screens name it (§8): a render error, a
 * sticker or font that would not load, an image (the photo or an overlay) that would not load.
 * The screens map `code` to their message; `cause` keeps the underlying error for the log.
 */
export type EditorErrorCode = 'render' | 'stickerLoad' | 'fontLoad' | 'imageLoad';

export class EditorEngineError extends Error {
  constructor(
    readonly code: EditorErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EditorEngineError';
  }
}

export class EditorRenderError extends EditorEngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('render', message, options);
    this.name = 'EditorRenderError';
  }
}

export class StickerLoadError extends EditorEngineError {
  constructor(
    readonly stickerId: string,
    options?: { cause?: unknown },
  ) {
    super('stickerLoad', `Sticker ${stickerId} could not be loaded`, options);
    this.name = 'StickerLoadError';
  }
}

export class FontLoadError extends EditorEngineError {
  constructor(
    readonly fontId: string,
    options?: { cause?: unknown },
  ) {
    super('fontLoad', `Font ${fontId} could not be loaded`, options);
    this.name = 'FontLoadError';
  }
}

export class ImageLoadError extends EditorEngineError {
  constructor(
    readonly src: string,
    options?: { cause?: unknown },
  ) {
    super('imageLoad', 'An image could not be loaded', options);
    this.name = 'ImageLoadError';
  }
}
