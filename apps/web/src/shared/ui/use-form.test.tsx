import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { useForm } from './use-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email({ error: 'Invalid email' })),
  password: z.string().min(1, 'Password is required').min(8, 'Password must be at least 8 characters'),
});

function DemoForm({ onSubmit }: { onSubmit: (output: z.output<typeof schema>) => void }) {
  const form = useForm({
    initialValues: { name: '', email: '', password: '' },
    schema,
    onSubmit,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <TextField label="Name" required {...form.getFieldProps('name')} />
      <TextField label="Email" {...form.getFieldProps('email')} />
      <PasswordField label="Password" required {...form.getFieldProps('password')} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <DemoForm onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, user };
}

describe('useForm with the form helpers', () => {
  it('hides a field’s error until the field is touched, even while its value is invalid', async () => {
    const { user } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');

    expect(screen.queryByText('Invalid email')).toBeNull();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('touches a field on blur and then shows its error, linked to the input', async () => {
    const { user } = renderForm();
    const email = screen.getByLabelText('Email');

    await user.type(email, 'not-an-email');
    await user.tab();

    const message = screen.getByText('Invalid email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // Only the blurred field shows its error.
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('touches every field on submit, shows all errors, focuses the first and does not submit', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('re-validates a touched field on every change', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText(/^Password/);

    await user.click(password);
    await user.tab();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(password, 'short');
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();

    await user.type(password, '-enough');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(password.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('submits the parsed values once everything is valid', async () => {
    const { user, onSubmit } = renderForm();

    await user.type(screen.getByLabelText(/^Name/), '  Ada  ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'long-enough' });
  });
});

describe('the form helpers', () => {
  it('marks required fields with an asterisk and aria-required', () => {
    renderForm();

    const name = screen.getByLabelText(/^Name/);
    const email = screen.getByLabelText('Email');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(email.hasAttribute('aria-required')).toBe(false);
    // The asterisk sits beside the label, not in the field's name.
    expect(screen.getByLabelText('Name')).toBe(name);
    const marks = document.querySelectorAll('[data-required-mark]');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['*', '*']);
    expect([...marks].every((mark) => mark.getAttribute('aria-hidden') === 'true')).toBe(true);
    const markBeside = (label: string) =>
      screen.getByText(label, { selector: 'label' }).parentElement?.querySelector('[data-required-mark]');
    expect(markBeside('Name')).not.toBeNull();
    expect(markBeside('Email')).toBeNull();
    // The browser's own validation bubbles stay off: the form shows the spec's texts.
    expect(name.hasAttribute('required')).toBe(false);
  });

  it('shows and hides the password with a keyboard-reachable toggle button', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'secret-pass');
    expect(password.getAttribute('type')).toBe('password');

    await user.tab();
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(document.activeElement).toBe(show);
    await user.keyboard('{Enter}');

    expect(password.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    await user.click(hide);
    expect(password.getAttribute('type')).toBe('password');
  });
});
