import { Cast, FastForward, Pause, Play, Repeat, Rewind, SkipBack, SkipForward, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/button';
import type { CastController } from './cast-controller';
import { playbackOf } from './cast-session.reducer';
import { useCastSession } from './use-cast-session';
import './casting-bar.css';

/** How far the seek buttons move a video on the TV. */
export const SEEK_STEP_SECONDS = 10;

/**
 * The casting bar (account.md §2): while a session is connected, the device, what it shows and
 * the remote controls. The app mounts it on every page but the carousels, which have their own.
 */
export function CastingBar({ controller }: { controller: CastController }) {
  const { t } = useTranslation('casting');
  const session = useCastSession(controller);
  if (session.status !== 'connected') return null;
  const receiver = session.receiver;
  const current = receiver?.current ?? null;
  const playback = receiver ? playbackOf(receiver.playerState) : 'finished';
  const isVideo = current?.type === 'video/mp4';
  const time = receiver?.currentTime ?? 0;
  return (
    <section className="casting-bar" aria-label={t('bar.label')}>
      <div className="casting-bar__info">
        <Cast aria-hidden="true" className="casting-bar__icon" />
        <div className="casting-bar__text">
          <span className="casting-bar__device">{t('bar.device', { name: session.deviceName })}</span>
          <span className="casting-bar__item">
            {current ? t(isVideo ? 'bar.video' : 'bar.photo') : t('bar.nothing')}
            {' · '}
            {t(`playback.${playback}`)}
          </span>
        </div>
      </div>
      <div className="casting-bar__controls">
        <IconButton
          label={t('bar.previous')}
          icon={<SkipBack />}
          onClick={() => void controller.previous()}
        />
        {isVideo ? (
          <IconButton
            label={t('bar.seekBack', { seconds: SEEK_STEP_SECONDS })}
            icon={<Rewind />}
            onClick={() => controller.seek(Math.max(0, time - SEEK_STEP_SECONDS))}
          />
        ) : null}
        <IconButton
          label={t(playback === 'playing' ? 'bar.pause' : 'bar.play')}
          icon={playback === 'playing' ? <Pause /> : <Play />}
          disabled={!current}
          onClick={() => controller.playOrPause()}
        />
        {isVideo ? (
          <IconButton
            label={t('bar.seekForward', { seconds: SEEK_STEP_SECONDS })}
            icon={<FastForward />}
            onClick={() => controller.seek(time + SEEK_STEP_SECONDS)}
          />
        ) : null}
        <IconButton label={t('bar.next')} icon={<SkipForward />} onClick={() => void controller.next()} />
        <IconButton
          label={t('bar.autoPlay')}
          icon={<Repeat />}
          aria-pressed={session.autoPlay}
          className={session.autoPlay ? 'casting-bar__toggle--on' : undefined}
          onClick={() => controller.toggleAutoPlay()}
        />
        <IconButton label={t('bar.stop')} icon={<Square />} onClick={() => controller.disconnect()} />
      </div>
    </section>
  );
}
