import { base64ToBytes } from '../../../lib/audio/audio.ts';
import { prepareImage } from '../../../lib/image.ts';

/**
 * A picked photo ready to upload: Scan's browser step scales one over 2000 px (or over the byte cap)
 * to a JPEG with its EXIF orientation applied, so a phone camera's 4-12 MB becomes a few hundred kB;
 * anything else (small images, HEIC the browser cannot decode) goes as it is and the server decides.
 */
export async function photoForUpload(file: File): Promise<Blob> {
  const prepared = await prepareImage(file);
  const unchanged = prepared.mimeType === (file.type || 'application/octet-stream') && prepared.bytes === file.size;
  return unchanged ? file : new Blob([base64ToBytes(prepared.base64).slice().buffer], { type: prepared.mimeType });
}
