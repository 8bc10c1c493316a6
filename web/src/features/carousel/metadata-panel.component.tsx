import type { FileMetadata, FileRecord } from '@nordlys/contract/file';
import { localeTag } from '@nordlys/contract/language-rule';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFileMetadata } from '../../api/files.api';
import { SidePanel } from '../../ui/side-panel';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import { metadataRows } from './metadata-format';

type MetadataLoad =
  | { fileId: string; status: 'loading' }
  | { fileId: string; status: 'loaded'; metadata: FileMetadata }
  | { fileId: string; status: 'failed' };

/** The info side module: when, how big, which camera and settings, where (core.md §3 File metadata). */
export function MetadataPanel({ file, onClose }: { file: FileRecord; onClose(): void }) {
  const { t, i18n } = useTranslation('carousel');
  const [load, setLoad] = useState<MetadataLoad>({ fileId: file.fileID, status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ fileId: file.fileID, status: 'loading' });
    fetchFileMetadata(file.jobID, file.path, controller.signal).then(
      (metadata) => setLoad({ fileId: file.fileID, status: 'loaded', metadata }),
      () => {
        if (!controller.signal.aborted) setLoad({ fileId: file.fileID, status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [file.jobID, file.fileID, file.path]);

  const current = load.fileId === file.fileID ? load : ({ fileId: file.fileID, status: 'loading' } as const);
  const locale = localeTag(i18n.language);
  const rows = metadataRows(file, current.status === 'loaded' ? current.metadata : null, { locale, t });

  return (
    <SidePanel className="carousel__info" title={t('info.title')} onClose={onClose}>
      <p className="carousel__info-name">{file.fileName}</p>
      <dl className="carousel__facts">
        {rows.map((row) => (
          <div key={row.key} className="carousel__fact">
            <dt>{t(`info.${row.key}`)}</dt>
            <dd>
              {row.href ? (
                <a href={row.href} target="_blank" rel="noreferrer noopener">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {current.status === 'loading' ? (
        <SkeletonGroup className="carousel__facts-loading">
          <Skeleton shape="text" width="60%" />
          <Skeleton shape="text" width="40%" />
          <Skeleton shape="text" width="50%" />
        </SkeletonGroup>
      ) : null}
      {current.status === 'failed' ? (
        <p className="carousel__info-error" role="alert">
          {t('info.failed')}
        </p>
      ) : null}
    </SidePanel>
  );
}
