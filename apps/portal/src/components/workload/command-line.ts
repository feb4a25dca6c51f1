// Entrypoint and command are lists of arguments; the form edits each as one line, the way it would be
// typed in a shell: spaces separate arguments, quotes keep spaces (and each other) inside one.

/** The arguments in `text`, or null when a quote is left open. */
export function splitArguments(text: string): string[] | null {
  const args: string[] = [];
  let current = '';
  let inArgument = false;
  let quote: '"' | "'" | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quote === "'") {
      if (char === "'") quote = null;
      else current += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && (text[index + 1] === '"' || text[index + 1] === '\\'))
        current += text.charAt(++index);
      else current += char;
    } else if (/\s/.test(char)) {
      if (inArgument) args.push(current);
      current = '';
      inArgument = false;
    } else {
      inArgument = true;
      if (char === '"' || char === "'") quote = char;
      else if (char === '\\' && index + 1 < text.length) current += text.charAt(++index);
      else current += char;
    }
  }
  if (quote) return null;
  if (inArgument) args.push(current);
  return args;
}

/** One line that `splitArguments` reads back as exactly `args`. */
export function joinArguments(args: readonly string[]): string {
  return args
    .map((arg) => (arg === '' || /[\s"'\\]/.test(arg) ? `"${arg.replace(/[\\"]/g, '\\$&')}"` : arg))
    .join(' ');
}
