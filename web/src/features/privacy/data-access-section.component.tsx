import { localeTag } from '@nordlys/contract/language-rule';
import { DATA_COPY_TOO_SOON, type DataCopy } from '@nordlys/contract/privacy';
import { Download, FileArchive } from 'lucide-react';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import {
  checkDataAccessAvailability,
  downloadDataCopy,
  getDataCopy,
  requestDataAccess,
} from '../../api/privacy.api';
import { Button } from '../../ui/button';
import { serverRequestReducer } from './server-request';

const POLL_MS = 3000;

/** Saves a fetched file under its name; the download needs the session, so no plain link works. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Access your data (account.md §4, §5): one copy per 24 hours; unavailable if the check fails. */
export function DataAccessSection() {
  const { t, i18n } = useTranslation('privacy');
  const [available, setAvailable] = useState<boolean | null>(null);
  const [copy, setCopy] = useState<DataCopy | null>(null);
  const [request, dispatch] = useReducer(serverRequestReducer, 'NOT_STARTED');
  const [downloading, setDownloading] = useState(false);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    const [availability, latest] = await Promise.allSettled([
      checkDataAccessAvailability(signal),
      getDataCopy(signal),
    ]);
    if (signal?.aborted) return;
    setAvailable(availability.status === 'fulfilled');
    setCopy(latest.status === 'fulfilled' ? (latest.value ?? null) : null);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  // A copy being built is looked at again until it is ready.
  useEffect(() => {
    if (copy?.status !== 'pending') return;
    const timer = setTimeout(() => void refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [copy, refresh]);

  const ask = async () => {
    dispatch({ type: 'started' });
    try {
      setCopy(await requestDataAccess());
      setAvailable(false);
      dispatch({ type: 'succeeded' });
    } catch (error) {
      if (error instanceof ApiError && error.hasReason(DATA_COPY_TOO_SOON)) setAvailable(false);
      dispatch({ type: 'failed' });
    }
  };

  const download = async (ready: DataCopy) => {
    if (!ready.download_path) return;
    setDownloading(true);
    try {
      saveBlob(
        await downloadDataCopy(ready.download_path),
        `my-data-${new Date(ready.requested_at).toISOString().slice(0, 10)}.zip`,
      );
    } finally {
      setDownloading(false);
    }
  };

  const date = copy
    ? new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'medium' }).format(copy.requested_at)
    : '';
  return (
    <div className="privacy__section-body">
      <p>{t('dataAccess.intro')}</p>
      {copy?.status === 'pending' && (
        <p className="privacy__note" role="status">
          {t('dataAccess.preparing')}
        </p>
      )}
      {copy?.status === 'failed' && (
        <p className="privacy__note privacy__note--error">{t('dataAccess.failed')}</p>
      )}
      {copy?.status === 'ready' && (
        <div className="privacy__ready">
          <FileArchive aria-hidden="true" className="privacy__ready-icon" />
          <span>{t('dataAccess.ready', { date })}</span>
          <Button size="sm" icon={<Download />} pending={downloading} onClick={() => void download(copy)}>
            {t('dataAccess.download')}
          </Button>
        </div>
      )}
      {request === 'FAILED' && available !== false && (
        <p className="privacy__note privacy__note--error" role="alert">
          {t('dataAccess.requestFailed')}
        </p>
      )}
      {available === false && copy?.status !== 'pending' && (
        <p className="privacy__note">{t('dataAccess.unavailable')}</p>
      )}
      <div className="privacy__actions">
        <Button
          variant="primary"
          pending={request === 'PENDING_SERVER'}
          disabled={available !== true}
          onClick={() => void ask()}
        >
          {t('dataAccess.request')}
        </Button>
        <Link className="privacy__link" to="/settings/takeout">
          {t('dataAccess.takeout')}
        </Link>
      </div>
    </div>
  );
}
