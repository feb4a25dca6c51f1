/** Saves text as a file named `fileName` through the browser's download. */
export function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked once the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url));
}
