import { escapeHtml } from './http.js';

export interface ProviderLook {
  /** Shown in headings and the title, e.g. "Google". */
  displayName: string;
  /** Accent colour with at least 4.5:1 contrast against white text. */
  accent: string;
}

export interface ConsentPageInput {
  look: ProviderLook;
  /** Where the form posts, e.g. `/google/consent`. */
  consentAction: string;
  requestId: string;
  clientId: string;
  /** Where the person returns to afterwards (origin only is shown). */
  redirectUri: string;
  scopes: Array<{ scope: string; description: string }>;
  accounts: Array<{ id: string; name: string; detail: string }>;
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f6; color: #1d1d22; }
  main { max-width: 30rem; margin: 2.5rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
         box-shadow: 0 1px 4px rgb(0 0 0 / 15%); }
  .provider { display: inline-block; padding: .15rem .6rem; border-radius: 999px; background: var(--accent);
              color: #fff; font-weight: 700; letter-spacing: .02em; }
  h1 { font-size: 1.4rem; margin: .8rem 0 .4rem; }
  h2 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
  p, li { margin: .3rem 0; }
  .note { color: #55555f; font-size: .9rem; }
  code { font: .9em ui-monospace, monospace; background: #eeeef2; padding: 0 .25rem; border-radius: 4px; overflow-wrap: anywhere; }
  ul.accounts { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
  button { font: inherit; cursor: pointer; border-radius: 8px; }
  .account { width: 100%; text-align: left; padding: .6rem .8rem; background: #fff; color: inherit;
             border: 2px solid #c9c9d3; }
  .account:hover { border-color: var(--accent); }
  .account .name { display: block; font-weight: 600; }
  .account .detail { display: block; color: #55555f; font-size: .9rem; overflow-wrap: anywhere; }
  .cancel { margin-top: 1rem; padding: .45rem 1rem; background: #fff; color: #1d1d22; border: 2px solid #8a8a96; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 700; padding: 0; margin: 1.2rem 0 .4rem; }
`;

function layout(look: ProviderLook, title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>:root { --accent: ${look.accent}; }${STYLE}</style>
</head>
<body>
<main>
<span class="provider">${escapeHtml(look.displayName)}</span>
${content}
<p class="note">This is the Pie sandbox: a local stand-in for ${escapeHtml(look.displayName)}. No real account is used.</p>
</main>
</body>
</html>
`;
}

/**
 * The sign-in and consent page: one form, one submit button per test account plus Cancel.
 * No script, so it works with any browser automation and with plain HTTP clients.
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const { look } = input;
  const title = `Sign in to ${look.displayName} (Pie sandbox)`;
  const returnTo = new URL(input.redirectUri).origin;
  const scopes = input.scopes.length
    ? `<ul class="scopes">${input.scopes
        .map((s) => `<li data-scope="${escapeHtml(s.scope)}"><code>${escapeHtml(s.scope)}</code> ${escapeHtml(s.description)}</li>`)
        .join('')}</ul>`
    : '<p>No permissions requested beyond signing in.</p>';
  const accounts = input.accounts
    .map(
      (a) => `<li><button type="submit" class="account" name="account_id" value="${escapeHtml(a.id)}">` +
        `<span class="name">${escapeHtml(a.name)}</span><span class="detail">${escapeHtml(a.detail)}</span></button></li>`,
    )
    .join('\n');
  return layout(
    look,
    title,
    `<h1>Sign in to ${escapeHtml(look.displayName)}</h1>
<p>The app <code>${escapeHtml(input.clientId)}</code> wants to sign you in with your ${escapeHtml(look.displayName)} account.
Afterwards you return to <code>${escapeHtml(returnTo)}</code>.</p>
<h2 id="scopes-heading">Requested permissions</h2>
<section aria-labelledby="scopes-heading">${scopes}</section>
<form method="post" action="${escapeHtml(input.consentAction)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<fieldset>
<legend>Choose a test account to continue</legend>
<ul class="accounts">
${accounts}
</ul>
</fieldset>
<button type="submit" class="cancel" name="cancel" value="1">Cancel</button>
</form>`,
  );
}

/** Shown instead of redirecting when the redirect target itself cannot be trusted. */
export function renderErrorPage(look: ProviderLook, error: string, description: string): string {
  return layout(
    look,
    `Error: ${error} (${look.displayName}, Pie sandbox)`,
    `<h1>Sign-in with ${escapeHtml(look.displayName)} failed</h1>
<p role="alert"><strong>Error: <code class="error">${escapeHtml(error)}</code></strong></p>
<p class="description">${escapeHtml(description)}</p>`,
  );
}
