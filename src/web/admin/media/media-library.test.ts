import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@shared/media';
import { checkLibraryFile, keyOfLibraryUrl } from '@/lib/admin-media';
import { formatFileSize, typeLabel } from './media-format';

const file = (name: string, type: string, size = 100) => ({ name, type, size }) as File;

describe('checkLibraryFile', () => {
  it('takes pictures and PDFs in the library, pictures only for images', () => {
    expect(checkLibraryFile(file('a.png', 'image/png'))).toBeNull();
    expect(checkLibraryFile(file('guide.pdf', 'application/pdf'))).toBeNull();
    expect(checkLibraryFile(file('guide.pdf', ''))).toBeNull();
    expect(checkLibraryFile(file('guide.pdf', 'application/pdf'), 'images')).toBe(UPLOAD_MESSAGES.notImage);
  });

  it('refuses other types, SVG, empty and oversized files with their messages', () => {
    expect(checkLibraryFile(file('a.zip', 'application/zip'))).toBe(UPLOAD_MESSAGES.unsupported);
    expect(checkLibraryFile(file('notes.txt', ''))).toBe(UPLOAD_MESSAGES.unsupported);
    expect(checkLibraryFile(file('logo.svg', 'image/svg+xml'))).toBe(UPLOAD_MESSAGES.svg);
    expect(checkLibraryFile(file('a.png', 'image/png', 0))).toBe(UPLOAD_MESSAGES.empty);
    expect(checkLibraryFile(file('a.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});

describe('keyOfLibraryUrl', () => {
  const key = 'tenants/7c9e6679-7425-40de-944b-e07fc1f90ae7/media/1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b.png';
  it('reads the key from an app URL or a public bucket URL', () => {
    expect(keyOfLibraryUrl(`/files/${key}`)).toBe(key);
    expect(keyOfLibraryUrl(`https://cdn.example.com/${key}`)).toBe(key);
    expect(keyOfLibraryUrl('https://images.example.com/picture.png')).toBeNull();
  });
});

describe('formatting', () => {
  it('sizes and type labels', () => {
    expect(formatFileSize(0)).toBe('—');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(typeLabel({ mime_type: 'application/pdf' })).toBe('PDF');
    expect(typeLabel({ mime_type: 'image/jpeg' })).toBe('JPEG');
  });
});
