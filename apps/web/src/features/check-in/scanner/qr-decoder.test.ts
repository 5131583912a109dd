import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { chooseQrDecoder, decodeFramePixels, type FramePixels } from './qr-decoder';

const CODE = `BGM1.${'a'.repeat(60)}.${'b'.repeat(86)}`;

/** A frame of `size`×`size` pixels holding the QR code of `text` in the middle, as a camera would see it. */
function frameWithCode(text: string, size = 480, { dark = 0, light = 255 } = {}): FramePixels {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(size / (modules.size + 8));
  const offset = Math.floor((size - modules.size * scale) / 2);
  const data = new Uint8ClampedArray(size * size * 4).fill(light);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const mx = Math.floor((x - offset) / scale);
      const my = Math.floor((y - offset) / scale);
      const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
      const value = inside && modules.get(my, mx) ? dark : light;
      data.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { data, width: size, height: size };
}

describe('reading a QR code from a camera frame', () => {
  it('reads a ticket code with jsQR, dark on light and inverted', () => {
    expect(decodeFramePixels(frameWithCode(CODE))).toBe(CODE);
    expect(decodeFramePixels(frameWithCode(CODE, 480, { dark: 255, light: 0 }))).toBe(CODE);
  });

  it('finds nothing in a frame without a code', () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    expect(decodeFramePixels(blank)).toBeNull();
  });

  it("uses the browser's BarcodeDetector when it reads QR codes, jsQR otherwise", async () => {
    class QrDetector {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      async detect() {
        return [{ rawValue: 'from the detector' }];
      }
    }
    // A detector of shop barcodes that does not read QR codes.
    const BarcodesOnly = Object.assign(() => undefined, { getSupportedFormats: async () => ['ean_13'] });
    const native = await chooseQrDecoder({ BarcodeDetector: QrDetector });
    expect(native.kind).toBe('native');
    expect(await native.decode(frameWithCode(CODE), document.createElement('canvas'))).toBe('from the detector');

    expect((await chooseQrDecoder({ BarcodeDetector: BarcodesOnly })).kind).toBe('jsqr');
    const fallback = await chooseQrDecoder({});
    expect(fallback.kind).toBe('jsqr');
    expect(await fallback.decode(frameWithCode(CODE), document.createElement('canvas'))).toBe(CODE);
  });
});
