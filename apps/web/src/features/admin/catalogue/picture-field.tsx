/**
 * An item's picture: the current one, and a file input that uploads a new one at once. The type and
 * size are checked here first, with the server's own limits, so a 10 MB photo is refused before
 * it is sent; the server checks again, and also that the bytes are that kind of picture.
 */
import { imageUrl, isImageType, MAX_IMAGE_BYTES, siteContentMessages } from '@store/shared/site-content';
import { useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { uploadImage } from './catalogue-api';

export type PictureFieldProps = {
  id: string;
  current: { imageId: string } | { image: string } | undefined;
  error?: string | undefined;
  onUploaded: (imageId: string) => void;
  onError: (message: string) => void;
};

export function PictureField({ id, current, error, onUploaded, onError }: PictureFieldProps) {
  const [uploading, setUploading] = useState(false);
  const src = current && ('imageId' in current ? imageUrl(current.imageId) : current.image);
  const errorId = `${id}-error`;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageType(file.type)) return onError(siteContentMessages.imageType);
    if (file.size > MAX_IMAGE_BYTES) return onError(siteContentMessages.imageTooLarge);
    setUploading(true);
    try {
      const { id: imageId } = await uploadImage(file, file.type);
      onUploaded(imageId);
    } catch (failure) {
      onError(failure instanceof ApiClientError ? failure.message : 'The picture could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>Picture (PNG, JPEG or WebP, up to 2 MB)</label>
      {src && <img className="catalogue-form__picture" src={src} alt="" width={96} />}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {uploading && <p role="status">Uploading…</p>}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
