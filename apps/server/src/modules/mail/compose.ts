import { escapeHtml } from '../../html.ts';
import type { OutgoingMail } from './store.ts';

// Every mail has the same shape: a greeting, a few sentences, at most one button (a single-use link, or a
// page of the portal such as Billing; nothing else in a mail opens anything), and a closing line saying why
// it was sent. Both parts are
// made from one description, so the text and HTML parts always say the same.

export const PRODUCT_NAME = 'Berth';

export interface MailContent {
  kind: string;
  recipient: string;
  subject: string;
  /** The person's name, when the account has one. */
  name?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Why this mail was sent, or what to do if it was not the reader who asked. */
  footnote: string;
}

export function composeMail(content: MailContent): OutgoingMail {
  const greeting = content.name ? `Hello ${content.name},` : 'Hello,';
  const subject = `${content.subject} · ${PRODUCT_NAME}`;
  const text = [
    greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    content.footnote,
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
  const paragraph = (body: string) => `<p style="margin:0 0 16px">${escapeHtml(body)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1565c0;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;color:#555555;font-size:13px">Or open this address: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f1f1f">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">${PRODUCT_NAME}</p>
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${button}
<p style="margin:24px 0 0;color:#555555;font-size:13px">${escapeHtml(content.footnote)}</p>
</div></body></html>`;
  return { kind: content.kind, recipient: content.recipient, subject, text, html };
}
