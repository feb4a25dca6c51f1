/** The codes as copied and saved: one per line. */
export const recoveryCodesText = (codes: readonly string[]) => codes.join('\n');

export const recoveryCodesFileName = 'berth-recovery-codes.txt';

/** Saves the codes as a text file through the browser's download. */
export function downloadRecoveryCodes(codes: readonly string[]) {
  const text = `${recoveryCodesText(codes)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = recoveryCodesFileName;
  link.click();
  // Revoked once the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url));
}
