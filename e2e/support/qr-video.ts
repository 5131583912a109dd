/**
 * A video file of QR codes for Chromium's fake camera (`--use-file-for-fake-video-capture`): each
 * code held for about a second, black on white with its quiet zone, the sequence looping as
 * Chromium replays the file. Written as Y4M (YUV4MPEG2, 4:2:0), the raw format Chromium reads without
 * any codec, so no ffmpeg is needed: grey pixels are the luma plane alone, chroma at its neutral 128.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const SIZE = 480;
const FRAMES_PER_SECOND = 5;

/** The luma plane of one frame showing `text` as a QR code in the middle. */
function qrFrame(text: string): Uint8Array {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  // A quiet zone of four modules on each side, as the standard asks.
  const scale = Math.floor(SIZE / (modules.size + 8));
  const offset = Math.floor((SIZE - modules.size * scale) / 2);
  const luma = new Uint8Array(SIZE * SIZE).fill(235);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * SIZE + offset + x] = 16;
    }
  }
  return luma;
}

/**
 * Writes a Y4M file showing each of `codes` for `secondsEach` seconds, in turn, then a blank card
 * for `blankSeconds` (a volunteer between two families: the test's time to switch to search).
 */
export function writeQrVideo(file: string, codes: readonly string[], secondsEach = 1, blankSeconds = 6): void {
  const chroma = new Uint8Array((SIZE / 2) * (SIZE / 2) * 2).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${SIZE} H${SIZE} F${FRAMES_PER_SECOND}:1 Ip A1:1 C420jpeg\n`);
  const parts: Uint8Array[] = [header];
  for (const code of codes) {
    const luma = qrFrame(code);
    for (let frame = 0; frame < FRAMES_PER_SECOND * secondsEach; frame++) {
      parts.push(Buffer.from('FRAME\n'), luma, chroma);
    }
  }
  const blank = new Uint8Array(SIZE * SIZE).fill(235);
  for (let frame = 0; frame < FRAMES_PER_SECOND * blankSeconds; frame++)
    parts.push(Buffer.from('FRAME\n'), blank, chroma);
  writeFileSync(file, Buffer.concat(parts));
}
