/** Text made safe inside HTML, in element content and in quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
