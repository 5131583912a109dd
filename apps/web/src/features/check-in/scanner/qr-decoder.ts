/**
 * Reads a QR code from a camera frame. The browser's own BarcodeDetector where it has one that
 * knows QR codes (Android's Chrome, Safari on iOS 17+, ChromeOS, macOS): native and fast. Elsewhere
 * (Chrome on Linux and Windows, Firefox) jsQR, a maintained pure-JavaScript decoder, on the frame's
 * pixels. Both get the same downscaled frame, so a decode stays a few milliseconds either way.
 */
import jsQR from 'jsqr';

/** The pixels of one frame, as a canvas's getImageData returns them (RGBA). */
export type FramePixels = { data: Uint8ClampedArray; width: number; height: number };

export type QrDecoder = {
  kind: 'native' | 'jsqr';
  decode: (frame: FramePixels, canvas: HTMLCanvasElement) => Promise<string | null>;
};

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM types). */
type NativeDetector = { detect: (source: HTMLCanvasElement) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** jsQR on a frame's pixels: the QR code's text, or null when the frame holds none. */
export function decodeFramePixels(frame: FramePixels): string | null {
  // A QR code on a phone screen is dark on light; a printout photographed may come out inverted.
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
  return found && found.data.length > 0 ? found.data : null;
}

function nativeDetectorClass(scope: object): NativeDetectorClass | undefined {
  const candidate = (scope as { BarcodeDetector?: unknown }).BarcodeDetector;
  return typeof candidate === 'function' ? (candidate as NativeDetectorClass) : undefined;
}

/** The browser's detector when it exists and lists QR codes among its formats; jsQR otherwise. */
export async function chooseQrDecoder(scope: object = globalThis): Promise<QrDecoder> {
  const Detector = nativeDetectorClass(scope);
  if (Detector) {
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? [];
      if (formats.includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return {
          kind: 'native',
          decode: async (_frame, canvas) => {
            const codes = await detector.detect(canvas);
            return codes.find((code) => code.rawValue.length > 0)?.rawValue ?? null;
          },
        };
      }
    } catch {
      // A detector that throws on asking (a half-implemented one) is no detector: jsQR below.
    }
  }
  return { kind: 'jsqr', decode: async (frame) => decodeFramePixels(frame) };
}
