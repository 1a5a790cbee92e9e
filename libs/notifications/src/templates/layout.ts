/** Escapes text for HTML bodies: names come from users. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain, readable mail body in Pie's colours, with one call-to-action link. */
export function actionEmailHtml(options: { heading: string; paragraphs: string[]; actionLabel: string; actionUrl: string }): string {
  const paragraphs = options.paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');
  const url = escapeHtml(options.actionUrl);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">${escapeHtml(options.heading)}</h1>${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(options.actionLabel)}</a></p>
<p style="font-size:12px;color:#666">If the button does not work, open this link: <a href="${url}">${url}</a></p>
</div></body></html>`;
}
