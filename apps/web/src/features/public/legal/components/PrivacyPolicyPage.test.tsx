import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLASSIFIED_COOKIES, DIALOG_CATEGORIES, DIALOG_COUNTS } from '@web/shared/cookies';
import { renderApp } from '@web/test/render';

/**
 * Issue 16 item 7 and issue 29 item 13: the privacy policy's table lists every cookie Pie sets; the
 * Cookie Preferences dialog shows spec §3's counts per category (binding), in the same categories.
 */
describe('the privacy policy’s cookies and the Cookie Preferences dialog', () => {
  it('list every cookie in a category the dialog shows, with the spec’s counts in the dialog', async () => {
    const { user } = renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    const table = screen.getByRole('table', { name: 'The cookies Pie sets' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
    // Every cookie the web app knows is in the table, once.
    expect(cells.map(([name]) => name).sort()).toEqual(CLASSIFIED_COOKIES.map((cookie) => cookie.name).sort());

    await user.click(screen.getByRole('button', { name: 'Change your cookie preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    for (const category of DIALOG_CATEGORIES) {
      expect(within(dialog).getByTestId(`cookie-count-${category.key}`).textContent).toBe(`${DIALOG_COUNTS[category.key]} ${DIALOG_COUNTS[category.key] === 1 ? 'cookie' : 'cookies'}`);
    }
    // No cookie in the table sits in a category the dialog does not list (analytics is always on and sets none).
    const listed = new Set(DIALOG_CATEGORIES.map((category) => category.label));
    expect(cells.filter(([, label]) => !listed.has(label ?? ''))).toEqual([]);
    expect(screen.getByText(/Pie sets no analytics, advertising or social networking cookies\./)).toBeTruthy();
  });
});

describe('the privacy policy on the free pie promotion', () => {
  it('says that a keyed fingerprint of the address and of each linked sign-in account outlives the account, and why', async () => {
    renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const text = screen.getByText(/The free pie promotion/).closest('p')?.textContent ?? '';
    expect(text).toMatch(/one per person/);
    expect(text).toMatch(/also after you delete your account, a keyed fingerprint of your e-mail address/);
    expect(text).toMatch(/each sign-in account you linked/);
    expect(text).toMatch(/cannot be turned back into your address/);
    expect(text).toMatch(/nothing of this kind if you never started a free pie/);
  });
});
