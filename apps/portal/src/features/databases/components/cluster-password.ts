// A new password for a database user, made in the browser: 32 characters drawn uniformly from letters and
// digits (about 190 bits), so it needs no quoting in a connection string or on a command line.

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const generatedPasswordLength = 32;
// Random bytes at or above this would favour the alphabet's first characters (256 is not a multiple of 62).
const unbiasedBelow = 256 - (256 % alphabet.length);

export function generatePassword(length = generatedPasswordLength): string {
  let password = '';
  while (password.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < unbiasedBelow && password.length < length)
        password += alphabet.charAt(byte % alphabet.length);
    }
  }
  return password;
}
