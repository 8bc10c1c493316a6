import { Cast } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/button';
import type { CastableFile, CastController } from './cast-controller';
import { useCastSession } from './use-cast-session';
import './cast-button.css';

export interface CastButtonProps {
  controller: CastController;
  /** The viewed list and the shown file's place in it. */
  files: readonly CastableFile[];
  index: number;
  className?: string;
}

/**
 * The viewer's cast button (account.md §4): connects if need be and casts the shown file with
 * up to four after it. While connected it names the device (core.md §2 Carousel).
 */
export function CastButton({ controller, files, index, className }: CastButtonProps) {
  const { t } = useTranslation('casting');
  const session = useCastSession(controller);
  if (session.availability !== 'available') return null;
  const cast = async () => {
    if (session.status !== 'connected' && !(await controller.connect())) return;
    await controller.castFrom(files, index);
  };
  return (
    <>
      {session.status === 'connected' ? (
        <span className="cast-button__device" title={t('viewer.castingTo', { name: session.deviceName })}>
          <span className="cast-button__long">{t('viewer.castingTo', { name: session.deviceName })}</span>
          {/* Narrow screens have room for the name alone; the long form stays for screen readers. */}
          <span className="cast-button__short" aria-hidden="true">
            {session.deviceName}
          </span>
        </span>
      ) : null}
      <IconButton
        className={className}
        label={t('viewer.cast')}
        icon={<Cast />}
        disabled={session.status === 'connecting'}
        onClick={() => void cast()}
      />
    </>
  );
}
