import { QNA_PHOTO_MAX_BYTES } from '@smartcare/contract/qna';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'];

export interface ChosenPhoto {
  dataBase64: string;
  name: string;
  /** A preview the browser can show (HEIC may not draw: the name is shown then). */
  previewUrl: string;
}

/** A chosen file as a photo, or why it cannot be (checked again by its bytes on the server). */
export async function readPhoto(file: File): Promise<{ photo: ChosenPhoto } | { error: 'type' | 'size' }> {
  const byName = /\.(jpe?g|png|hei[cf])$/i.test(file.name);
  if (!PHOTO_TYPES.includes(file.type) && !byName) return { error: 'type' };
  if (file.size > QNA_PHOTO_MAX_BYTES) return { error: 'size' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const dataBase64 = btoa(binary);
  return {
    photo: {
      dataBase64,
      name: file.name,
      previewUrl: `data:${file.type || 'image/jpeg'};base64,${dataBase64}`,
    },
  };
}
