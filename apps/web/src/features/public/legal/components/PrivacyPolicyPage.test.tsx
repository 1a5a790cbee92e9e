import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLASSIFIED_COOKIES, DIALOG_CATEGORIES } from '../../../../shared/cookies';
import { renderApp } from '../../../../test/render';

/** Issue 16 item 7: the Cookie Preferences dialog and the privacy policy's cookie table tell the same story. */
describe('the privacy policy’s cookies and the Cookie Preferences dialog', () => {
  it('count the same cookies in every category', async () => {
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
      const inTable = cells.filter(([, label]) => label === category.label).length;
      const badge = within(dialog).getByTestId(`cookie-count-${category.key}`).textContent;
      expect({ category: category.label, badge }).toEqual({
        category: category.label,
        badge: `${inTable} ${inTable === 1 ? 'cookie' : 'cookies'}`,
      });
    }
    // No cookie in the table sits in a category the dialog does not list (analytics is always on and sets none).
    const listed = new Set(DIALOG_CATEGORIES.map((category) => category.label));
    expect(cells.filter(([, label]) => !listed.has(label ?? ''))).toEqual([]);
    expect(screen.getByText(/Pie sets no analytics, advertising or social networking cookies\./)).toBeTruthy();
  });
});
