import type { SendEmailPayload } from '#pie/notifications';

export const CONNECTION_BROKEN_SUBJECT = 'Pie can no longer read your Spotify listening';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Tells a fan their listening stopped syncing, why, and how to fix it. */
export function connectionBrokenMessage(options: { to: string; firstName: string; reason: string; settingsLink: string }): SendEmailPayload {
  const paragraphs = [
    `Hi ${options.firstName},`,
    `Pie stopped receiving your listening from Spotify: ${options.reason}`,
    'Until you connect Spotify again, new plays do not count toward your pie. Plays we already have are kept.',
  ];
  const link = escapeHtml(options.settingsLink);
  return {
    to: options.to,
    subject: CONNECTION_BROKEN_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n\nReconnect Spotify in your settings: ${options.settingsLink}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">Your Spotify connection needs attention</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('')}
<p style="margin:24px 0"><a href="${link}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Reconnect Spotify</a></p>
</div></body></html>`,
  };
}
