import { BadRequestException, ConflictException, ForbiddenException, UnauthorizedException } from '@nestjs/common';

export const emailTaken = () =>
  new ConflictException({
    message: 'An account with this e-mail already exists. Log in instead, or use another e-mail.',
    errors: { email: ['An account with this e-mail already exists'] },
  });

export const wrongCredentials = () => new UnauthorizedException({ message: 'Incorrect e-mail or password' });

export const emailNotVerified = () =>
  new ForbiddenException({
    message: 'Please verify your e-mail address before logging in. We sent you a link when you registered.',
  });

export const invalidEmailLink = () =>
  new BadRequestException({ message: 'This link is not valid or has already been used.' });

export const expiredEmailLink = () =>
  new BadRequestException({ message: 'This link has expired. Please request a new one.' });

export const notSignedIn = () => new UnauthorizedException({ message: 'You are not signed in' });
