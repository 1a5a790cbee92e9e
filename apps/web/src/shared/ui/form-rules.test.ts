import { EMAIL_PATTERN } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginFormSchema, registerFormSchema } from '../account/schemas';
import { emailFormat, formSchema, maxLength, minLength, required } from './form-rules';
import { schemaFieldErrors } from './use-form';

const registration = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'analytical', repeatPassword: 'analytical' };

describe('form rules', () => {
  it("checks e-mails exactly as the API's zod schema does", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    for (const address of ['ada@example.com', 'a.b+tag@mail.example.org', 'not-an-email', 'a@b', '.ada@example.com', 'ada@@example.com']) {
      expect(emailFormat('bad')(address) === undefined, address).toBe(z.email().safeParse(address).success);
    }
  });

  it("gives each field the message of its first broken rule, in the rules' order", () => {
    const schema = formSchema({
      name: { rules: [required('Name is required'), minLength(3, 'Too short'), maxLength(5, 'Too long')] },
    });
    expect(schemaFieldErrors(schema, { name: '' })).toEqual({ name: 'Name is required' });
    expect(schemaFieldErrors(schema, { name: 'ab' })).toEqual({ name: 'Too short' });
    expect(schemaFieldErrors(schema, { name: 'abcdef' })).toEqual({ name: 'Too long' });
    expect(schemaFieldErrors(schema, { name: 'abcd' })).toEqual({});
  });

  it('submits trimmed values for the fields that trim, and refuses a blank that trims to nothing', () => {
    const result = registerFormSchema['~standard'].validate({ ...registration, firstName: '  Ada ', email: ' ada@example.com ' });
    expect(result).toEqual({ value: { ...registration, firstName: 'Ada', email: 'ada@example.com' } });
    expect(schemaFieldErrors(registerFormSchema, { ...registration, lastName: '   ' })).toEqual({ lastName: 'Last name is required' });
  });

  it("says 'Passwords must match' even while other fields are still invalid, and not before a confirmation is typed", () => {
    expect(schemaFieldErrors(registerFormSchema, { ...registration, firstName: '', repeatPassword: 'different' })).toEqual({
      firstName: 'First name is required',
      repeatPassword: 'Passwords must match',
    });
    expect(schemaFieldErrors(registerFormSchema, { ...registration, repeatPassword: '' })).toEqual({
      repeatPassword: 'Confirm password is required',
    });
  });

  it("keeps spec §5's texts: login and registration word a bad e-mail differently", () => {
    expect(schemaFieldErrors(loginFormSchema, { email: 'nope', password: 'analytical' })).toEqual({ email: 'Please enter a valid email' });
    expect(schemaFieldErrors(loginFormSchema, { email: '', password: 'short' })).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 8 characters',
    });
    expect(schemaFieldErrors(registerFormSchema, { ...registration, email: 'nope' })).toEqual({ email: 'Invalid email' });
  });

  it('treats a missing or non-text value as empty rather than failing', () => {
    expect(schemaFieldErrors(loginFormSchema, {} as never)).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(loginFormSchema['~standard'].validate(null)).toHaveProperty('issues');
  });
});
