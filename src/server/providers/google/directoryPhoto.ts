import type { admin_directory_v1 } from '@googleapis/admin';
import type { UserPhoto } from '../provider';

// A Directory photo (users.photos.get) as the bytes the portal serves. The reference spells mimeType
// JPEG, PNG, GIF, BMP or TIFF, while answers and uploads in the wild say image/jpeg or JPG; the bytes'
// own signature decides the content type (docs/api.md, GET /api/photo).

interface Signature {
  contentType: string;
  /** The signature's bytes, at `offset`. */
  bytes: readonly number[];
  offset?: number;
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
const WEBP_RIFF_TAG_OFFSET = 8;

/** The image formats the reference lists, by their files' leading bytes. */
const SIGNATURES: readonly Signature[] = [
  { contentType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/gif', bytes: ascii('GIF87a') },
  { contentType: 'image/gif', bytes: ascii('GIF89a') },
  { contentType: 'image/bmp', bytes: ascii('BM') },
  { contentType: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { contentType: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { contentType: 'image/webp', bytes: ascii('WEBP'), offset: WEBP_RIFF_TAG_OFFSET },
];

/** Every spelling of a type seen for a photo, reduced to the reference's word (JPG → JPEG). */
const TYPE_ALIASES: Readonly<Record<string, string>> = { JPG: 'JPEG', PJPEG: 'JPEG', TIF: 'TIFF' };

/** mimeType in any spelling ("JPEG", "image/jpeg", "jpg") as the reference's word. */
export function photoTypeWord(mimeType: string | null | undefined): string {
  const word = (mimeType ?? '')
    .trim()
    .toUpperCase()
    .replace(/^IMAGE\//, '')
    .replace(/^X-/, '');
  return TYPE_ALIASES[word] ?? word;
}

/** The content type the bytes' signature shows, or undefined when they are no image of the list. */
export function signatureType(data: Buffer): string | undefined {
  return SIGNATURES.find(({ bytes, offset = 0 }) =>
    bytes.every((byte, index) => data[offset + index] === byte),
  )?.contentType;
}

/** Google's web-safe base64 (- _ and * or . for padding) as bytes; plain base64 reads the same. */
function photoBytes(photoData: string): Buffer {
  const standard = photoData.replace(/-/g, '+').replace(/_/g, '/').replace(/[*.]/g, '=');
  return Buffer.from(standard, 'base64');
}

/** The photo to serve, or why it cannot be read (the person then sees the silhouette). */
export function readPhoto(
  photo: admin_directory_v1.Schema$UserPhoto,
): UserPhoto | { unreadable: string } {
  if (typeof photo.photoData !== 'string' || photo.photoData === '') {
    return { unreadable: 'Google sent no photoData' };
  }
  const data = photoBytes(photo.photoData);
  const contentType = signatureType(data);
  if (contentType === undefined) {
    return {
      unreadable: `the bytes (declared ${photoTypeWord(photo.mimeType) || 'without a type'}) are not a JPEG, PNG, GIF, BMP, TIFF or WebP image`,
    };
  }
  return { contentType, data };
}
