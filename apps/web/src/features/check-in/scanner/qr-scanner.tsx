/**
 * The camera, reading QR codes. It shows the back camera's picture with an aim square, reads a few
 * frames a second (downscaled: a ticket's code fills much of the picture, and a smaller frame decodes
 * in milliseconds) and hands each code it reads to `onCode`. While `paused` (an answer is on the
 * screen) or the page is hidden it reads nothing. It stops the camera when it goes.
 */
import { useEffect, useRef, useState } from 'react';
import { chooseQrDecoder, type QrDecoder } from './qr-decoder';
import './qr-scanner.css';

export type QrScannerProps = { onCode: (text: string) => void; paused: boolean };

/** Frames are read at most this often: fast enough to feel instant, light on a phone's battery. */
const FRAME_INTERVAL_MS = 150;
/** The frame's width after downscaling. */
const FRAME_WIDTH = 640;

export const scannerTexts = {
  starting: 'Starting the camera…',
  aim: 'Hold the ticket’s QR code inside the square',
  unavailable: 'Camera unavailable',
  denied: 'The camera was not allowed. Allow it in the browser’s site settings, then reload — or use Search.',
  missing: 'This device has no camera the browser can use. Use Search instead.',
  failed: (reason: string) => `The camera could not start (${reason}). Use Search, or reload to try again.`,
  insecure: 'The camera needs the site over https. Use Search, or open the site by its https address.',
  torchOn: 'Light on',
  torchOff: 'Light off',
};

type CameraState =
  | { kind: 'starting' }
  | { kind: 'running'; torch: boolean | null }
  | { kind: 'failed'; message: string };

function failureMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return scannerTexts.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return scannerTexts.missing;
  return scannerTexts.failed(error instanceof Error ? error.message : String(error));
}

/** Whether the camera's track can switch its light (a phone's back camera usually can). */
function torchCapable(track: MediaStreamTrack): boolean {
  const capabilities = track.getCapabilities?.() as { torch?: boolean } | undefined;
  return capabilities?.torch === true;
}

export function QrScanner({ onCode, paused }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  // Read inside the frame loop without restarting the camera when they change.
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');

    const readFrames = (decoder: QrDecoder) => {
      const video = videoRef.current;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const tick = async () => {
        if (stopped) return;
        if (
          video &&
          context &&
          !pausedRef.current &&
          !document.hidden &&
          video.readyState >= 2 &&
          video.videoWidth > 0
        ) {
          const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const text = await decoder.decode(frame, canvas).catch(() => null);
          if (text !== null && !stopped && !pausedRef.current) onCodeRef.current(text);
        }
        if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    };

    const start = async () => {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
        setCamera({ kind: 'failed', message: scannerTexts.insecure });
        return;
      }
      try {
        const [decoder, media] = await Promise.all([
          chooseQrDecoder(),
          navigator.mediaDevices.getUserMedia({
            audio: false,
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          }),
        ]);
        stream = media;
        if (stopped) return;
        const video = videoRef.current;
        const track = media.getVideoTracks()[0] ?? null;
        trackRef.current = track;
        if (video) {
          video.srcObject = media;
          await video.play().catch(() => undefined);
        }
        setCamera({ kind: 'running', torch: track && torchCapable(track) ? false : null });
        readFrames(decoder);
      } catch (error) {
        if (!stopped) setCamera({ kind: 'failed', message: failureMessage(error) });
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      trackRef.current = null;
    };
  }, []);

  const toggleTorch = async () => {
    const track = trackRef.current;
    if (camera.kind !== 'running' || camera.torch === null || !track) return;
    const next = !camera.torch;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setCamera({ kind: 'running', torch: next });
    } catch {
      setCamera({ kind: 'running', torch: null });
    }
  };

  if (camera.kind === 'failed') {
    return (
      <div className="qr-scanner qr-scanner--failed" role="alert">
        <p className="qr-scanner__title">{scannerTexts.unavailable}</p>
        <p>{camera.message}</p>
      </div>
    );
  }
  return (
    <div className="qr-scanner">
      <div className="qr-scanner__view">
        {/* A live picture has no captions; the aim text below says what to do. */}
        <video ref={videoRef} className="qr-scanner__video" muted playsInline aria-label="Camera" />
        <div className="qr-scanner__aim" aria-hidden="true" />
      </div>
      <p className="qr-scanner__hint" aria-live="polite">
        {camera.kind === 'starting' ? scannerTexts.starting : scannerTexts.aim}
      </p>
      {camera.kind === 'running' && camera.torch !== null ? (
        <button
          type="button"
          className="qr-scanner__torch"
          aria-pressed={camera.torch}
          onClick={() => void toggleTorch()}
        >
          {camera.torch ? scannerTexts.torchOff : scannerTexts.torchOn}
        </button>
      ) : null}
    </div>
  );
}
