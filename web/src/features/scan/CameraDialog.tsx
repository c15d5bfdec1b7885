import { useEffect, useRef, useState } from 'react';
import { Camera, CameraOff, ImageUp, LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { drawToJpeg, type PreparedImage } from '../../lib/image.ts';

/** Whether this browser can show a live camera preview (secure context with getUserMedia). */
export function canUseLiveCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

type CameraStatus = 'starting' | 'live' | 'failed';

export interface CameraDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCapture: (image: PreparedImage) => void;
  /** Open the device's own camera picker instead (file input with capture). */
  onFallback: () => void;
}

/** Live camera preview (back camera preferred) with a Capture button; offers the device camera if it fails. */
export function CameraDialog(props: CameraDialogProps) {
  const t = useT();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="max-w-xl" data-testid="scan-camera-dialog">
        <DialogHeader>
          <DialogTitle>{t('scan.takePhoto')}</DialogTitle>
          <DialogDescription>{t('scan.cameraHint')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts the camera afresh, closing stops it. */}
        <CameraView {...props} />
      </DialogContent>
    </Dialog>
  );
}

function CameraView({ onOpenChange, onCapture, onFallback }: CameraDialogProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  const [capturing, setCapturing] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      })
      .then(async (s) => {
        stream = s;
        if (cancelled || !video) return;
        video.srcObject = s;
        await video.play().catch(() => undefined); // muted + playsInline satisfy autoplay rules
        if (!cancelled) setStatus('live');
      })
      .catch((error: unknown) => {
        console.warn('Camera unavailable', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, []);

  const capture = async () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth || !video.videoHeight) return;
    setCapturing(true);
    try {
      const image = await drawToJpeg(video, video.videoWidth, video.videoHeight);
      onOpenChange(false);
      onCapture(image);
    } catch (error) {
      console.error('Capture failed', error);
      setCapturing(false);
      setStatus('failed');
    }
  };

  return (
    <>
      <div className="relative flex aspect-[4/3] max-h-[55dvh] w-full items-center justify-center overflow-hidden rounded-xl bg-slate-950">
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          className={status === 'live' ? 'size-full object-contain' : 'hidden'}
          data-testid="scan-camera-video"
        />
        {status === 'starting' && <LoaderCircle className="size-8 animate-spin text-white/80" aria-label={t('scan.cameraStarting')} />}
        {status === 'failed' && (
          <div role="alert" className="flex flex-col items-center gap-2 px-6 text-center text-sm text-white/90">
            <CameraOff className="size-8" aria-hidden="true" />
            {t('scan.cameraUnavailable')}
          </div>
        )}
      </div>
      <DialogFooter>
        {status === 'failed' ? (
          <Button
            onClick={() => {
              onOpenChange(false);
              onFallback();
            }}
            data-testid="scan-camera-fallback"
          >
            <ImageUp aria-hidden="true" />
            {t('scan.openCameraApp')}
          </Button>
        ) : (
          <Button onClick={() => void capture()} disabled={status !== 'live' || capturing} data-testid="scan-capture">
            {capturing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Camera aria-hidden="true" />}
            {t('scan.capture')}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
