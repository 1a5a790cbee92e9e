import type { SendEmailPayload } from '#pie/notifications';

export const PAYMENT_FAILED_SUBJECT = 'Your Pie payment did not go through';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Tells a fan their renewal failed, that the pie is past due, and where to fix the card. */
export function paymentFailedMessage(options: { to: string; firstName: string; amount: string; reason: string | null; fixCardLink: string }): SendEmailPayload {
  const paragraphs = [
    `Hi ${options.firstName},`,
    `We could not charge your card $${options.amount} for your next pie period${options.reason ? ` (${options.reason})` : ''}. Your pie is past due until the payment goes through.`,
    'Update your card in the billing portal and we will try again right away.',
  ];
  const link = escapeHtml(options.fixCardLink);
  return {
    to: options.to,
    subject: PAYMENT_FAILED_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n\nFix your card: ${options.fixCardLink}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">Your payment did not go through</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('')}
<p style="margin:24px 0"><a href="${link}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Fix your card</a></p>
</div></body></html>`,
  };
}
