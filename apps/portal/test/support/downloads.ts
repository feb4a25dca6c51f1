import { vi } from 'vitest';

/** A file the page handed to the browser's download (lib/download-file.ts): its name and contents. */
export interface CapturedDownload {
  name: string;
  blob: Blob;
}

/**
 * Catches the page's downloads instead of letting jsdom follow them: each object URL's blob and the name the
 * link clicked for it gives. Spies restored by the test's vi.restoreAllMocks().
 */
export function captureDownloads(): CapturedDownload[] {
  const blobs = new Map<string, Blob>();
  const downloads: CapturedDownload[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}

/**
 * A downloaded blob's text, whichever Blob it is: jsdom's (the global here, which jsdom's FileReader reads) or
 * Node's (fetch's answer on Node 20, whose own `text()` reads it). On Node 24 fetch's blob is the global one.
 */
export const blobText = (blob: Blob): Promise<string> =>
  blob instanceof Blob
    ? new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      })
    : // A Blob of Node's realm, which TypeScript cannot tell from the global one.
      (blob as Pick<Blob, 'text'>).text();
