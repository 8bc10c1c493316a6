import type { FileRecord } from '@nordlys/contract/file';
import { localeTag } from '@nordlys/contract/language-rule';
import { ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRetryingImage } from '../../ui/use-retrying-image';

/** What the comments show of the file they are about. */
export type CommentedFile = Pick<FileRecord, 'fileID' | 'fileName' | 'timestamp' | 'thumbURLSmall'>;

/**
 * The file the comments belong to: its thumbnail, name and capture date. Where the panel covers
 * the picture (a phone, the comments page) this is all that says which photo is being discussed.
 */
export function CommentSubject({ file }: { file: CommentedFile }) {
  const { i18n } = useTranslation('comments');
  const image = useRetryingImage(file.thumbURLSmall);
  const taken = file.timestamp * 1000;
  // Written as the viewer's top bar writes it, so the two read as the same photo.
  const date = new Intl.DateTimeFormat(localeTag(i18n.language), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(taken);
  const showImage = file.thumbURLSmall !== null && image.status !== 'failed';
  return (
    <div className="comments__subject">
      <span className="comments__subject-thumb">
        {showImage ? (
          <img
            key={image.attempt}
            src={file.thumbURLSmall ?? undefined}
            alt=""
            width={48}
            height={48}
            decoding="async"
            className={image.status === 'loaded' ? 'comments__subject-img--loaded' : undefined}
            onLoad={image.onLoad}
            onError={image.onError}
          />
        ) : (
          <ImageOff aria-hidden="true" size={20} />
        )}
      </span>
      <span className="comments__subject-text">
        <span className="comments__subject-name">{file.fileName}</span>
        <time className="comments__subject-date" dateTime={new Date(taken).toISOString()}>
          {date}
        </time>
      </span>
    </div>
  );
}
