import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

export const hasWebcam = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * A picture from the device's camera, for the overlay: a live view and a Capture button. A camera
 * that cannot be opened (none, refused, busy) closes the view and reports `unavailable`.
 */
export function WebcamCapture({
  onCapture,
  onUnavailable,
}: {
  onCapture(src: string): void;
  onUnavailable(): void;
}) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setReady(false);
  };
  // Leaving the tab or the editor turns the camera off.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = async () => {
    setOpen(true);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play();
      }
      setReady(true);
    } catch {
      stop();
      setOpen(false);
      onUnavailable();
    }
  };

  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob((blob) => {
      if (blob) onCapture(URL.createObjectURL(blob));
    }, 'image/jpeg');
    stop();
    setOpen(false);
  };

  return (
    <>
      <Button icon={<Camera />} onClick={() => void start()}>
        {t('library.webcam')}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (!next) {
            stop();
            setOpen(false);
          }
        }}
        title={t('library.webcamTitle')}
        footer={
          <Button variant="primary" icon={<Camera />} disabled={!ready} onClick={capture}>
            {t('library.capture')}
          </Button>
        }
      >
        <video ref={video} className="editor-webcam" playsInline muted aria-label={t('library.webcamView')} />
      </Modal>
    </>
  );
}
