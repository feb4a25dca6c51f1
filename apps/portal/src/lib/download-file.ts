/** Saves the blob as a file named `fileName` through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked once the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url));
}

/** Saves text as a file named `fileName` through the browser's download. */
export const downloadText = (fileName: string, text: string) =>
  downloadBlob(fileName, new Blob([text], { type: 'text/plain;charset=utf-8' }));
