import sharp, { type Sharp } from 'sharp';

/**
 * Photos from a phone camera (decision 025), for any feature that takes one (diet now, Q&A
 * later): the type is read from the bytes, never from a name or a header; the picture is
 * turned upright, made at most `maxEdge` pixels on its longer side and written again as JPEG
 * with no metadata at all — EXIF (GPS location, camera, time), XMP and ICC go.
 */

export type PhotoType = 'jpeg' | 'png' | 'heic';

export interface ProcessedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface PhotoLimits {
  maxBytes: number;
  maxEdge: number;
  /** JPEG quality of the stored copy. */
  quality: number;
}

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = { maxBytes: 8 * 1024 * 1024, maxEdge: 1600, quality: 80 };

/** Why a photo was refused; the caller words it for its user. */
export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
  constructor(readonly reason: 'type' | 'size' | 'unreadable') {
    super(`photo refused: ${reason}`);
  }
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** JPEG, PNG or HEIC/HEIF by the file's first bytes; null for anything else. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp') {
    const brand = Buffer.from(bytes.subarray(8, 12)).toString('latin1');
    if (HEIF_BRANDS.has(brand)) return 'heic';
  }
  return null;
}

/** Checks, decodes, turns upright, resizes and re-encodes a photo without metadata. */
export async function processPhoto(
  bytes: Uint8Array,
  limits: PhotoLimits = DEFAULT_PHOTO_LIMITS,
): Promise<ProcessedPhoto> {
  if (bytes.length > limits.maxBytes) throw new PhotoRefused('size');
  const type = photoTypeOf(bytes);
  if (!type) throw new PhotoRefused('type');
  let image: Sharp;
  try {
    if (type === 'heic') {
      // sharp's prebuilt libvips reads AVIF but not HEVC-coded HEIC: decode it in WebAssembly.
      // Loaded on the first HEIC only: the WebAssembly decoder stays out of the server's start.
      const { default: decodeHeic } = await import('heic-decode');
      const decoded = await decodeHeic({ buffer: bytes });
      image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
      });
    } else {
      // Bounded decode: a "pixel bomb" (a tiny file claiming a huge picture) is refused.
      image = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' });
    }
    const { data, info } = await image
      .rotate() // upright by the EXIF orientation, before the EXIF goes
      .resize({ width: limits.maxEdge, height: limits.maxEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: limits.quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    throw new PhotoRefused('unreadable');
  }
}
