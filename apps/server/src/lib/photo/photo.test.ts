import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoRefused, photoTypeOf, processPhoto } from './photo.ts';

/** A camera-like JPEG: large, with the maker and a GPS position (Seoul City Hall) in its EXIF. */
async function cameraJpeg(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: '#c08040' } })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 40/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** Whether a TIFF/EXIF block holds the GPSInfo pointer (tag 0x8825), in either byte order. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const bigEndian = exif.includes(Buffer.from('MM\u0000*', 'latin1'));
  return exif.includes(Buffer.from(bigEndian ? [0x88, 0x25] : [0x25, 0x88]));
}

const EXIF_HEADER = Buffer.from('Exif\u0000\u0000', 'latin1');

describe('processPhoto', () => {
  it('strips EXIF (GPS location, camera) and resizes a camera JPEG', async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect(original.includes(EXIF_HEADER)).toBe(true);

    const { jpeg, width, height } = await processPhoto(original, {
      maxBytes: 8 * 1024 * 1024,
      maxEdge: 1280,
      quality: 80,
    });
    const after = await sharp(jpeg).metadata();
    expect(after.format).toBe('jpeg');
    expect([width, height]).toEqual([1280, 853]);
    expect(after.exif).toBeUndefined();
    expect(jpeg.includes(EXIF_HEADER)).toBe(false);
    expect(jpeg.toString('latin1')).not.toContain('TestPhone');
  });

  it('decodes a real HEIC from a camera, resizes it and drops its EXIF (maker, GPS location)', async () => {
    // fixtures/camera.heic: 320×240, left half red, right half blue, EXIF with the maker and a
    // GPS position; made with libheif's heif-enc (x265) from a JPEG written by sharp.
    const heic = await readFile(new URL('./fixtures/camera.heic', import.meta.url));
    expect(photoTypeOf(heic)).toBe('heic');
    expect(heic.toString('latin1')).toContain('TestPhone');
    const exifAt = heic.indexOf(Buffer.from('MM\u0000*', 'latin1'));
    const ii = heic.indexOf(Buffer.from('II*\u0000', 'latin1'));
    expect(hasGpsTag(heic.subarray(exifAt >= 0 ? exifAt : ii))).toBe(true);

    const { jpeg, width, height } = await processPhoto(heic, {
      maxBytes: 8 * 1024 * 1024,
      maxEdge: 160,
      quality: 80,
    });
    expect([width, height]).toEqual([160, 120]);
    const after = await sharp(jpeg).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 160, 120]);
    expect(after.exif).toBeUndefined();
    expect(jpeg.includes(EXIF_HEADER)).toBe(false);
    expect(jpeg.toString('latin1')).not.toContain('TestPhone');
    // The picture itself came through: red on the left, blue on the right.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [lr, , lb] = pixel(40, 60);
    const [rr, , rb] = pixel(120, 60);
    expect(lr! - lb!).toBeGreaterThan(100);
    expect(rb! - rr!).toBeGreaterThan(100);
  });

  it('turns a PNG into a JPEG and never enlarges a small picture', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const { jpeg, width, height } = await processPhoto(png);
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    expect([width, height]).toEqual([400, 300]);
  });

  it('reads the type from the bytes: JPEG, PNG, HEIC brands; anything else is refused', async () => {
    expect(photoTypeOf(await cameraJpeg(10, 10))).toBe('jpeg');
    expect(photoTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.alloc(12),
    ]);
    expect(photoTypeOf(heicHeader)).toBe('heic');
    expect(photoTypeOf(Buffer.from('GIF89a....', 'latin1'))).toBeNull();
    await expect(
      processPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toMatchObject({
      reason: 'type',
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(processPhoto(gif)).rejects.toBeInstanceOf(PhotoRefused);
  });

  it('refuses a photo over the size limit before decoding it, and a broken one as unreadable', async () => {
    const big = await cameraJpeg(200, 200);
    await expect(
      processPhoto(big, { maxBytes: big.length - 1, maxEdge: 100, quality: 80 }),
    ).rejects.toMatchObject({
      reason: 'size',
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    await expect(processPhoto(broken)).rejects.toMatchObject({ reason: 'unreadable' });
    const heicHeaderOnly = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.alloc(64),
    ]);
    await expect(processPhoto(heicHeaderOnly)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});
