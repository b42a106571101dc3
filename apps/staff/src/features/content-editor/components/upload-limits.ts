import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_PDF_MAX_BYTES,
  type ContentFileType,
} from '@smartcare/contract/hospital-content';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const IMAGE_NAMES = /\.(png|jpe?g|webp|gif)$/i;
const PDF_NAMES = /\.pdf$/i;

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const FILE_ACCEPT = `${IMAGE_ACCEPT},application/pdf`;

export type UploadRefusal = 'type' | 'imageTooLarge' | 'pdfTooLarge';

/**
 * The console's first check of a file before it is sent: the type by its declared type and name,
 * the size by the contract's limits. The server checks the bytes again and has the last word.
 */
export function refuseUpload(file: File, imagesOnly: boolean): UploadRefusal | null {
  const image = IMAGE_TYPES.includes(file.type) || IMAGE_NAMES.test(file.name);
  const pdf = file.type === 'application/pdf' || PDF_NAMES.test(file.name);
  if (!image && (imagesOnly || !pdf)) return 'type';
  if (image && file.size > CONTENT_IMAGE_MAX_BYTES) return 'imageTooLarge';
  if (!image && file.size > CONTENT_PDF_MAX_BYTES) return 'pdfTooLarge';
  return null;
}

export const LIMITS_MB = {
  image: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024,
  pdf: CONTENT_PDF_MAX_BYTES / 1024 / 1024,
};

export const isImage = (type: ContentFileType) => type.startsWith('image/');
