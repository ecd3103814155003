/** The server's upload id: the last path segment of a tus upload URL. */
export function uploadIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const id = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (!id) throw new Error(`Not an upload URL: ${url}`);
  return decodeURIComponent(id);
}
