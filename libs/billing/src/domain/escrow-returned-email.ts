import type { SendEmailPayload } from '#pie/notifications';

export const ESCROW_RETURNED_SUBJECT = 'Money you gave is back in your Pie wallet';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Tells a fan that escrow for an artist nobody claimed came back to their wallet, for their next pie. */
export function escrowReturnedMessage(options: { to: string; firstName: string; amount: string; days: number; pieLink: string }): SendEmailPayload {
  const paragraphs = [
    `Hi ${options.firstName},`,
    `Part of your pie went to an artist who has not joined Pie yet, and it waited for them for ${options.days} days. Nobody claimed it, so $${options.amount} is back in your wallet.`,
    'It goes into your next pie, split among the artists you listen to.',
  ];
  const link = escapeHtml(options.pieLink);
  return {
    to: options.to,
    subject: ESCROW_RETURNED_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n\nYour pie: ${options.pieLink}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">$${escapeHtml(options.amount)} is back in your wallet</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('')}
<p style="margin:24px 0"><a href="${link}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">See your pie</a></p>
</div></body></html>`,
  };
}
