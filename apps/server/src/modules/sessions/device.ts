import Bowser from 'bowser';

/** Longest device name kept: a User-Agent is the client's to choose. */
const MAX_LENGTH = 120;

/**
 * A readable name of the device a User-Agent describes, "Chrome on Linux": the browser (or, for a client
 * that is no browser, the User-Agent's first product, "curl") and the operating system when known.
 */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'Unknown device';
  const { browser, os } = Bowser.parse(agent);
  const client = browser.name || agent.split(/[\s/]/)[0] || 'Unknown client';
  const name = os.name ? `${client} on ${os.name}` : client;
  return name.slice(0, MAX_LENGTH);
}
