import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@jade/contracts/constants';
import { AppError } from './errors.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** png or jpg by content (magic bytes), whatever the file is called (§5). */
export const imageKind = (bytes: Buffer): 'png' | 'jpg' | undefined => {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpg';
  return undefined;
};

/**
 * Checks and stores an uploaded image under DATA_DIR/uploads/<folder>, which the web server never
 * serves; returns the stored file name.
 */
export const storeImage = async (dataDir: string, folder: string, base64: string): Promise<string> => {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > UPLOAD_MAX_BYTES) {
    throw new AppError('UPLOAD_TOO_LARGE', 'Each image must be 5 MB or smaller', {
      details: { maxBytes: UPLOAD_MAX_BYTES },
    });
  }
  const kind = imageKind(bytes);
  if (!kind) throw new AppError('UPLOAD_INVALID_IMAGE', 'Only png or jpg images are accepted');
  const dir = path.join(dataDir, 'uploads', folder);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${Date.now()}-${randomBytes(8).toString('hex')}.${kind}`;
  await fs.writeFile(path.join(dir, name), bytes, { mode: 0o600 });
  return name;
};
