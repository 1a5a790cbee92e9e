import { formatCents } from '#pie/contracts';
import type { SendEmailPayload } from '#pie/notifications';
import type { RolledOverBecause } from '../events/pie-period-closed.event.js';

export const PERIOD_CLOSED_SUBJECT = 'Your pie went to your artists';
export const PERIOD_ROLLED_OVER_SUBJECT = 'Your pie money is waiting for your next period';
export const PERIOD_NOTHING_TO_SPLIT_SUBJECT = 'Your pie period ended with nothing to split';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Oct 1, 2026 – Oct 31, 2026": the period's first and last day (it ends at the start of `endsAt`). */
function periodDates(period: { startsAt: string; endsAt: string }): string {
  const lastDay = new Date(new Date(period.endsAt).getTime() - 1);
  return `${day.format(new Date(period.startsAt))} – ${day.format(lastDay)}`;
}

/** The period-closed summary: how much went to how many artists and where to see every cent. */
export function periodClosedMessage(options: {
  to: string;
  firstName: string;
  distributedCents: number;
  artistCount: number;
  /** false when money went to artists, else why nothing did. */
  rolledOver: false | RolledOverBecause;
  topArtists: string[];
  statementLink: string;
  /** The period, so two of these e-mails can be told apart (absent: not named). */
  period?: { startsAt: string; endsAt: string };
  /** The fan's pie is over (no later period): money left in the wallet is returned, not carried on. */
  pieOver?: boolean;
}): SendEmailPayload {
  const amount = `$${formatCents(options.distributedCents)}`;
  const greeting = `Hi ${options.firstName},`;
  const which = options.period ? ` (${periodDates(options.period)})` : '';
  const paragraphs =
    options.rolledOver === 'no_money'
      ? [
          greeting,
          `Your pie period${which} ended with nothing in your Pie wallet to split (a refund or an unpaid period), so nothing was paid out.`,
          'Your listening still counts: your next paid period goes to the artists you listen to then.',
        ]
      : options.rolledOver === 'no_listening'
        ? [
            greeting,
            `Your pie period${which} ended without any listening we could count, so nothing was paid out.`,
            options.pieOver
              ? 'Your pie has ended, so there is no next period to split it: the money left in your Pie wallet is returned, and a separate e-mail says where it went.'
              : 'Your money stays in your Pie wallet and goes into your next period’s split.',
          ]
        : [
            greeting,
            `Your pie period${which} closed: ${amount} went to ${options.artistCount} artist${options.artistCount === 1 ? '' : 's'} you listened to.`,
            ...(options.topArtists.length > 0 ? [`Top of your pie: ${options.topArtists.join(', ')}.`] : []),
          ];
  const link = escapeHtml(options.statementLink);
  return {
    to: options.to,
    subject: options.rolledOver === 'no_money' ? PERIOD_NOTHING_TO_SPLIT_SUBJECT : options.rolledOver ? PERIOD_ROLLED_OVER_SUBJECT : PERIOD_CLOSED_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n\nSee where every cent went: ${options.statementLink}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">${options.rolledOver === 'no_money' ? 'Nothing to split this time' : options.rolledOver ? 'Your money is waiting' : `${amount} to your artists`}</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('')}
<p style="margin:24px 0"><a href="${link}" style="background:#6d3bd6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">See your statement</a></p>
</div></body></html>`,
  };
}
