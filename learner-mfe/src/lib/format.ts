/** A file's size for people: '820 B', '14.2 KB', '3.4 MB'. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file's type for people, from its content type: 'PDF', 'ZIP', 'PNG', else the subtype. */
export function fileType(contentType: string | undefined): string {
  if (!contentType) return '';
  const sub = contentType.split(';')[0]?.split('/')[1] ?? '';
  const known: Record<string, string> = {
    pdf: 'PDF',
    zip: 'ZIP',
    'x-zip-compressed': 'ZIP',
    gzip: 'GZIP',
    'x-gzip': 'GZIP',
    'x-tar': 'TAR',
    'x-7z-compressed': '7Z',
    png: 'PNG',
    jpeg: 'JPEG',
    webp: 'WEBP',
    gif: 'GIF',
    plain: 'Text',
  };
  return known[sub] ?? sub.toUpperCase();
}
