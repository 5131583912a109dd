/**
 * Whether an upload's bytes are the kind of picture its Content-Type says (issue 21). The type is
 * what the browser is told when the picture is served (with nosniff), so a file that only claims
 * to be a PNG (an HTML page, a script, an SVG) is refused rather than stored.
 */
import type { ImageType } from '@store/shared/site-content';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Record<ImageType, (bytes: Uint8Array) => boolean> = {
  // The 8-byte PNG signature, then the IHDR chunk every PNG starts with.
  'image/png': (b) =>
    startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(b, ascii('IHDR'), 12),
  // Start of image, then the marker of the next segment.
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  // A RIFF container whose form type is WEBP.
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
};

export function imageMatchesType(bytes: Uint8Array, type: ImageType): boolean {
  return SIGNATURES[type](bytes);
}
