import { describe, expect, it } from 'vitest';
import { checkImageFile, readImageFile } from './image-upload';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const file = (name: string, type: string, size = PNG_BYTES.length) =>
  new File([size === PNG_BYTES.length ? PNG_BYTES : new Uint8Array(size)], name, { type });

describe('checkImageFile (§5: png or jpg, at most 5 MB)', () => {
  it('accepts png and jpg files', () => {
    expect(checkImageFile(file('proof.png', 'image/png'))).toBeUndefined();
    expect(checkImageFile(file('proof.JPG', 'image/jpeg'))).toBeUndefined();
    expect(checkImageFile(file('proof.jpeg', 'image/jpeg'))).toBeUndefined();
  });

  it('refuses other types and disguised names', () => {
    expect(checkImageFile(file('proof.gif', 'image/gif'))?.key).toBe('errors.UPLOAD_INVALID_IMAGE');
    expect(checkImageFile(file('proof.pdf', 'image/png'))?.key).toBe('errors.UPLOAD_INVALID_IMAGE');
    expect(checkImageFile(file('proof.png', 'text/html'))?.key).toBe('errors.UPLOAD_INVALID_IMAGE');
  });

  it('refuses a file over 5 MB', () => {
    expect(checkImageFile(file('big.png', 'image/png', 5 * 1024 * 1024 + 1))?.key).toBe(
      'errors.UPLOAD_TOO_LARGE',
    );
    expect(checkImageFile(file('edge.png', 'image/png', 5 * 1024 * 1024))).toBeUndefined();
  });
});

describe('readImageFile', () => {
  it('gives the base64 of the bytes without the data: prefix', async () => {
    const upload = await readImageFile(file('proof.png', 'image/png'));
    expect(upload.name).toBe('proof.png');
    expect(upload.base64).not.toContain('data:');
    expect(Uint8Array.from(atob(upload.base64), (c) => c.charCodeAt(0))).toEqual(PNG_BYTES);
  });
});
