import { downloadText } from '@/lib/download-file.ts';

/** The codes as copied and saved: one per line. */
export const recoveryCodesText = (codes: readonly string[]) => codes.join('\n');

export const recoveryCodesFileName = 'berth-recovery-codes.txt';

/** Saves the codes as a text file through the browser's download. */
export const downloadRecoveryCodes = (codes: readonly string[]) =>
  downloadText(recoveryCodesFileName, `${recoveryCodesText(codes)}\n`);
