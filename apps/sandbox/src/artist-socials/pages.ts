import { escapeHtml } from '../oauth/http.js';
import type { ArtistProfile, SocialPage, SocialPlatform } from './store.js';

const LABEL: Record<SocialPlatform, string> = { twitter: 'X', youtube: 'YouTube', facebook: 'Facebook', instagram: 'Instagram' };
const STYLE = `<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; } textarea { width: 100%; min-height: 8rem; font: inherit; } .bio { white-space: pre-wrap; border-left: 4px solid #888; padding-left: 1rem; }</style>`;

function frame(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${STYLE}</head><body><main>${body}</main></body></html>\n`;
}

export function socialPath(platform: SocialPlatform, handle: string): string {
  return `/socials/${platform}/${platform === 'youtube' ? '@' : ''}${handle}`;
}

/** The streaming provider's public artist page: bio and links to the artist's socials. */
export function profilePage(baseUrl: string, spotifyId: string, profile: ArtistProfile): string {
  const name = profile.name ?? `Artist ${spotifyId}`;
  const links = (Object.entries(profile.links) as [SocialPlatform, string | null][])
    .filter(([, handle]) => handle)
    .map(([platform, handle]) => `<li><a rel="me" href="${escapeHtml(baseUrl + socialPath(platform, handle!))}">${LABEL[platform]}</a></li>`)
    .join('');
  return frame(
    `${name} | Spotify (sandbox)`,
    `<h1>${escapeHtml(name)}</h1>
<p>Spotify artist <code>${escapeHtml(spotifyId)}</code> (sandbox)</p>
<h2>About</h2><p class="bio" data-testid="bio">${escapeHtml(profile.bio) || '<em>No bio yet.</em>'}</p>
<h2>Social links</h2><ul>${links || '<li>None</li>'}</ul>
<p><a href="/socials/spotify/artist/${escapeHtml(spotifyId)}/edit">Edit this profile (as the artist)</a></p>`,
  );
}

export function socialPage(platform: SocialPlatform, handle: string, page: SocialPage): string {
  return frame(
    `@${handle} | ${LABEL[platform]} (sandbox)`,
    `<h1>@${escapeHtml(handle)}</h1><p>${LABEL[platform]} profile (sandbox)</p>
<h2>Bio</h2><p class="bio" data-testid="bio">${escapeHtml(page.bio) || '<em>No bio yet.</em>'}</p>
<p><a href="${escapeHtml(socialPath(platform, handle))}/edit">Edit bio (as the owner)</a></p>`,
  );
}

export function editPage(title: string, action: string, bio: string): string {
  return frame(
    `Edit ${title}`,
    `<h1>Edit ${escapeHtml(title)}</h1>
<form method="post" action="${escapeHtml(action)}">
<label for="bio">Bio</label>
<textarea id="bio" name="bio" maxlength="5000">${escapeHtml(bio)}</textarea>
<p><button type="submit">Save bio</button></p>
</form>`,
  );
}
