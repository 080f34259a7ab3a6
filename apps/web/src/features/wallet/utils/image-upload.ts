import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@jade/contracts/constants';
import type { FieldMessage } from '../../accounts/utils/field-rules';

/** What the API takes for an image: its name and its bytes as base64, without the `data:` prefix. */
export type ImageUpload = { name: string; base64: string };

const EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * §5 uploads: png or jpg only, each at most 5 MB. The server checks the bytes themselves; this stops a
 * wrong file before it is sent.
 */
export const checkImageFile = (file: File): FieldMessage | undefined => {
  const isImageType = (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!isImageType || !EXTENSIONS.test(file.name)) return { key: 'errors.UPLOAD_INVALID_IMAGE' };
  if (file.size > UPLOAD_MAX_BYTES) return { key: 'errors.UPLOAD_TOO_LARGE' };
  return undefined;
};

/** Reads a file as base64 (the part after `data:image/png;base64,`). */
export const readImageFile = (file: File): Promise<ImageUpload> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ name: file.name.slice(-200), base64: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
