import type { SendEmailPayload } from '../jobs/send-email.job.js';

/** Escapes text for HTML bodies: names come from users. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A label and its value, shown as a small table (a receipt's lines). */
export type DetailLine = readonly [label: string, value: string];

/** A plain, readable mail body in Pie's colours, with one call-to-action link. */
export function actionEmailHtml(options: { heading: string; paragraphs: readonly string[]; details?: readonly DetailLine[]; after?: readonly string[]; actionLabel: string; actionUrl: string }): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const details = options.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${options.details
        .map(([label, value]) => `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`
    : '';
  const url = escapeHtml(options.actionUrl);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">${escapeHtml(options.heading)}</h1>${options.paragraphs.map(paragraph).join('')}${details}${(options.after ?? []).map(paragraph).join('')}
<p style="margin:24px 0"><a href="${url}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(options.actionLabel)}</a></p>
<p style="font-size:12px;color:#666">If the button does not work, open this link: <a href="${url}">${url}</a></p>
</div></body></html>`;
}

/**
 * One mail, its text and HTML from the same words: paragraphs, optional detail lines (a receipt's
 * amounts), paragraphs after them, and one action link.
 */
export function actionMessage(options: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  details?: readonly DetailLine[];
  after?: readonly string[];
  actionLabel: string;
  link: string;
}): SendEmailPayload {
  const blocks = [
    ...options.paragraphs,
    ...(options.details?.length ? [options.details.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(options.after ?? []),
  ];
  return {
    to: options.to,
    subject: options.subject,
    text: `${blocks.join('\n\n')}\n\n${options.actionLabel}: ${options.link}\n`,
    html: actionEmailHtml({ heading: options.heading, paragraphs: options.paragraphs, details: options.details, after: options.after, actionLabel: options.actionLabel, actionUrl: options.link }),
  };
}
