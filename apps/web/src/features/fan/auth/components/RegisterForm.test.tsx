import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, renderApp, sentRequest } from '@web/test/render';

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: /Create account|Creating account/ });

async function fillValidForm(user: UserEvent) {
  await user.type(field(/^First name/), 'Ada');
  await user.type(field(/^Last name/), 'Lovelace');
  await user.type(field(/^Email/), 'ada@example.com');
  await user.type(field(/^Password/), 'analytical-engine');
  await user.type(field(/^Confirm password/), 'analytical-engine');
}

describe('registration screen', () => {
  it('shows the spec’s texts for empty fields once each is left', async () => {
    const { user } = await openRegister();

    for (const label of [/^First name/, /^Last name/, /^Email/, /^Password/, /^Confirm password/]) {
      await user.click(field(label));
    }
    await user.click(document.body);

    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Confirm password is required')).toBeTruthy();
    expect(document.title).toBe('Create account · Pie');
  });

  it('shows the spec’s texts for an invalid e-mail, a short password and a mismatch', async () => {
    const { user } = await openRegister();

    await user.type(field(/^Email/), 'ada@');
    await user.type(field(/^Password/), 'short');
    await user.type(field(/^Confirm password/), 'shorter');
    await user.tab();
    await user.click(field(/^Email/));
    await user.tab();

    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();
  });

  it('keeps Create account disabled until every field is valid', async () => {
    const { user } = await openRegister();
    expect(submitButton()).toHaveProperty('disabled', true);

    await fillValidForm(user);
    expect(submitButton()).toHaveProperty('disabled', false);

    await user.type(field(/^Confirm password/), '!');
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('sends the registration, says Creating account... while waiting, then asks to check the e-mail', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch(() => answer.promise);
    const { user } = await openRegister();

    await fillValidForm(user);
    await user.click(submitButton());

    const pending = await screen.findByRole('button', { name: 'Creating account...' });
    expect(pending).toHaveProperty('disabled', true);
    // The page shows its pending state before RTK Query has called fetch: wait for the call.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = sentRequest(fetchMock);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/auth/register');
    expect(await request.json()).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'analytical-engine',
      accepted_terms_and_conditions: true,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    answer.resolve(jsonResponse({ success: true, message: 'Account created.' }, 201));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rewords the server’s free promotion message', async () => {
    mockFetch(
      jsonResponse(
        { success: false, statusCode: 409, message: 'This user has already used the free PIE promotion' },
        409,
      ),
    );
    const { user } = await openRegister();

    await fillValidForm(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You have already used the free PIE promotion. Each user can only use this offer once.',
    );
    expect(submitButton().textContent).toBe('Create account');
  });

  it('shows the server’s message, or the fallback when there is none', async () => {
    mockFetch(
      jsonResponse(
        {
          success: false,
          statusCode: 400,
          message: 'Please check the highlighted fields',
          errors: { first_name: ['First name must not contain a URL'] },
        },
        400,
      ),
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const { user } = await openRegister();
    await fillValidForm(user);

    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields');
    expect(screen.getByText('First name must not contain a URL')).toBeTruthy();

    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );
  });

  it('offers the Terms of Service and Privacy Policy next to the button, and a way to log in', async () => {
    await openRegister();

    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});

