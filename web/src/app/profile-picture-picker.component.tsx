import type { FileRecord } from '@nordlys/contract/file';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDefaultJob, fetchFiles } from '../api/timeline.api';
import { Skeleton } from '../ui/skeleton';
import './profile-picture-picker.css';

/** How many of the newest pictures the picker offers; older ones are a device upload away. */
export const PICKER_LIMIT = 60;

const SKELETON_CELLS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];

/**
 * The timeline's newest pictures for /selectProfilePicture. Thumbnails come from our own origin,
 * so the crop canvas can read them back without tainting.
 */
export function ProfilePicturePicker({ onPick }: { onPick: (imageUrl: string) => void }) {
  const { t } = useTranslation('account');
  const [files, setFiles] = useState<FileRecord[] | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const job = await fetchDefaultJob(abort.signal);
      const page = await fetchFiles(
        job.id,
        { start: 0, end: Math.ceil(Date.now() / 1000) + 86_400, types: 'Pictures', limit: PICKER_LIMIT },
        abort.signal,
      );
      setFiles(page.files.filter((file) => file.thumbURLLarge ?? file.thumbURLSmall));
    })().catch(() => {
      // Without the timeline the page still offers a picture from the device.
      if (!abort.signal.aborted) setFiles([]);
    });
    return () => abort.abort();
  }, []);

  if (files === null) {
    return (
      <div className="picture-picker__grid" aria-busy="true">
        {SKELETON_CELLS.map((id) => (
          <Skeleton key={id} className="picture-picker__cell" />
        ))}
      </div>
    );
  }
  if (files.length === 0) return null;
  return (
    <section className="picture-picker" aria-labelledby="picture-picker-title">
      <h2 id="picture-picker-title" className="picture-picker__title">
        {t('picture.fromTimeline')}
      </h2>
      <ul className="picture-picker__grid">
        {files.map((file) => (
          <li key={file.fileID}>
            <button
              type="button"
              className="picture-picker__cell"
              onClick={() => onPick((file.thumbURLLarge ?? file.thumbURLSmall)!)}
            >
              <img
                src={file.thumbURLSmall ?? undefined}
                alt={t('picture.useThis', { name: file.fileName })}
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
