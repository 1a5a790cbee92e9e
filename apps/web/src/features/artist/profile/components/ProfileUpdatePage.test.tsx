import { screen, waitFor, within } from '@testing-library/react';
import { ARTIST_PROFILE_REQUIRED_FIELDS } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { makeArtistUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const USER = 'GET /api/for-artists/user';
const PATCH = 'PATCH /api/for-artists/user/profile';

const artist = (overrides: Parameters<typeof makeArtistUser>[0] = {}) =>
  jsonResponse({ success: true, data: makeArtistUser(overrides) });

const statusSection = () => screen.getByRole('region', { name: 'Profile status' });

async function openProfile() {
  const app = renderApp('/for-artists/profile/update');
  await screen.findByRole('heading', { level: 1, name: 'Your profile' });
  return app;
}

describe('artist profile: completeness', () => {
  it('says the profile is incomplete and names what is missing', async () => {
    mockRoutes({ [USER]: artist({ phone_number: null, country: null }) });
    await openProfile();

    expect(within(statusSection()).getByText('Incomplete')).toBeTruthy();
    expect(statusSection().textContent).toContain(
      'Your profile is incomplete. Add your phone number and country to complete it.',
    );
    // The form is right here: no prompt pointing to it.
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).toBeNull();
  });

  it('says the profile is complete when all four fields are present', async () => {
    mockRoutes({ [USER]: artist() });
    await openProfile();

    expect(within(statusSection()).getByText('Complete')).toBeTruthy();
    expect(statusSection().textContent).toContain('Your profile is complete.');
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('US');
    expect(document.title).toBe('Your profile · Pie for artists');
  });

  it('marks exactly the fields that decide completeness as required, visibly and for assistive technology', async () => {
    mockRoutes({ [USER]: artist({ phone_number: null, country: null }) });
    await openProfile();

    const form = screen.getByRole('form', { name: 'Profile' });
    const fields = ['First name', 'Last name', 'Phone number', 'Country'].map((label) => within(form).getByLabelText(label));
    // ARTIST_PROFILE_REQUIRED_FIELDS (the same list the API's profile_complete reads) names all four.
    expect(ARTIST_PROFILE_REQUIRED_FIELDS).toEqual(['first_name', 'last_name', 'phone_number', 'country']);
    for (const field of fields) expect(field.getAttribute('aria-required')).toBe('true');
    expect(form.querySelectorAll('[data-required-mark]')).toHaveLength(fields.length);
    expect(form.textContent).toContain('Fields marked with an asterisk (*) are needed for a complete profile.');
  });

  it('treats a blank value as missing', async () => {
    mockRoutes({ [USER]: artist({ phone_number: '   ' }) });
    await openProfile();

    expect(statusSection().textContent).toContain('Add your phone number to complete it.');
  });
});

describe('artist profile: saving', () => {
  it('sends only what changed and shows the profile as complete once saved', async () => {
    const saved = makeArtistUser({ phone_number: '+49 30 1234567', country: 'DE' });
    const fetchMock = mockRoutes({
      [USER]: [artist({ phone_number: null, country: null }), jsonResponse({ success: true, data: saved })],
      [PATCH]: jsonResponse({ success: true, message: 'Profile updated', data: saved }),
    });
    const { user } = await openProfile();
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText(/^Phone number/), '+49 30 1234567');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'DE');
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveProperty('selected', true);
    await user.click(save);

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const [request] = requestsTo(fetchMock, PATCH);
    expect(await request!.json()).toEqual({ phone_number: '+49 30 1234567', country: 'DE' });
    await waitFor(() => expect(statusSection().textContent).toContain('Your profile is complete.'));
    expect(screen.getByRole('button', { name: 'Save profile' })).toHaveProperty('disabled', true);
  });

  it('checks the phone number and does not let a saved value be emptied', async () => {
    const fetchMock = mockRoutes({ [USER]: artist({ country: null }) });
    const { user } = await openProfile();

    const phone = screen.getByLabelText(/^Phone number/);
    await user.clear(phone);
    await user.tab();
    expect(screen.getByText('Phone number is required')).toBeTruthy();

    await user.type(phone, 'call me');
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(requestsTo(fetchMock, PATCH)).toHaveLength(0);
  });

  it('shows the server’s message next to the field it rejected', async () => {
    mockRoutes({
      [USER]: artist({ country: null }),
      [PATCH]: jsonResponse(
        {
          success: false,
          statusCode: 400,
          message: 'Please check the highlighted fields',
          errors: { country: ['Country must be a two-letter ISO code such as US'] },
        },
        400,
      ),
    });
    const { user } = await openProfile();

    await user.selectOptions(screen.getByLabelText(/^Country/), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields');
    expect(screen.getByText('Country must be a two-letter ISO code such as US')).toBeTruthy();
  });
});
