import type { FileRecord } from '@nordlys/contract/file';
import { Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchEncodingStatus, fetchFile } from '../../api/files.api';
import { Spinner } from '../../ui/spinner';
import {
  videoEncodingActions as actions,
  initialVideoEncodingState,
  QUEUED_BADGE_DELAY_MS,
  VIDEO_CHECK_RETRY_MS,
  videoEncodingReducer,
} from './video-encoding.slice';

export interface VideoPlayerProps {
  file: FileRecord;
  autoPlay: boolean;
  label: string;
  onPlay(): void;
  onPause(): void;
  onEnded(): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Asks the server until the movie's web encode is ready: v-check every second while queued, then
 * the file record for its signed videoURL.
 */
function useEncodedVideo(file: FileRecord) {
  const [state, dispatch] = useReducer(
    videoEncodingReducer,
    initialVideoEncodingState(file.encodingStatus, file.videoURL),
  );
  const ready = state.status === 'ENCODED' || state.status === 'ERROR';

  useEffect(() => {
    if (ready) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      while (!signal.aborted) {
        try {
          const status = await fetchEncodingStatus(file.jobID, file.fileID, signal);
          if (signal.aborted) return;
          dispatch(actions.checked(status));
          if (status === 'ENCODED') {
            const record = await fetchFile(file.jobID, file.fileID, signal);
            if (signal.aborted) return;
            dispatch(actions.recordLoaded({ status: record.encodingStatus, videoURL: record.videoURL }));
            if (record.videoURL) return;
          }
          if (status === 'ERROR') return;
        } catch {
          if (!signal.aborted) dispatch(actions.checkFailed());
          return;
        }
        await sleep(VIDEO_CHECK_RETRY_MS, signal);
      }
    })();
    return () => controller.abort();
  }, [file.jobID, file.fileID, ready]);

  const queued = state.status === 'PROCESSING';
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => dispatch(actions.badgeDue()), QUEUED_BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [queued]);

  return state;
}

/** The movie's web encode in a native player, or its queued / failed state over the poster. */
export function VideoPlayer({ file, autoPlay, label, onPlay, onPause, onEnded }: VideoPlayerProps) {
  const { t } = useTranslation('carousel');
  const video = useEncodedVideo(file);
  const poster = file.thumbURLLarge ?? undefined;

  if (video.status === 'ENCODED' && video.videoURL) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: user videos come without caption tracks
      <video
        className="carousel__media carousel__video"
        src={video.videoURL}
        poster={poster}
        controls
        autoPlay={autoPlay}
        playsInline
        preload="metadata"
        aria-label={label}
        onPlay={onPlay}
        onPause={onPause}
        onEnded={onEnded}
      />
    );
  }

  return (
    <div className="carousel__video-pending">
      {poster ? <img className="carousel__media carousel__poster" src={poster} alt={label} /> : null}
      <div className="carousel__video-status" role="status">
        {video.status === 'ERROR' ? (
          <span className="carousel__badge carousel__badge--error">
            <TriangleAlert aria-hidden="true" />
            {t('video.error')}
          </span>
        ) : video.badgeVisible ? (
          <span className="carousel__badge">
            <Clock aria-hidden="true" />
            {t('video.queued')}
          </span>
        ) : (
          <Spinner label={t('video.checking')} />
        )}
      </div>
    </div>
  );
}
