import { Inject, Injectable, Logger } from '@nestjs/common';
import { captchaFailed } from './identity.errors.js';
import { APP_CONFIG, type AppConfig } from '#pie/platform';

export const CAPTCHA_ACTIONS = ['login', 'email_register', 'artist_register', 'forgot_password', 'resend_verification', 'check_promo_availability', 'spotify_login', 'google_login', 'twitter_login', 'facebook_login'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];


interface SiteVerifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/**
 * Server-side reCAPTCHA v3: the token must be valid, for the action the client named, with a
 * score at or above the minimum. Without a secret (local development) the check is skipped.
 */
@Injectable()
export class CaptchaVerifier {
  private readonly logger = new Logger(CaptchaVerifier.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (!config.RECAPTCHA_SECRET) {
      this.logger.warn('RECAPTCHA_SECRET is not set: reCAPTCHA tokens are not checked (allowed outside production only)');
    }
  }

  async verify(token: string | undefined, action: CaptchaAction, remoteIp?: string): Promise<void> {
    const secret = this.config.RECAPTCHA_SECRET;
    if (!secret) return;
    if (!token) throw captchaFailed();
    let answer: SiteVerifyAnswer;
    try {
      const response = await fetch(this.config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) }),
        signal: AbortSignal.timeout(5_000),
      });
      answer = (await response.json()) as SiteVerifyAnswer;
    } catch (error) {
      this.logger.error(`reCAPTCHA verification unavailable: ${(error as Error).message}`);
      throw captchaFailed();
    }
    if (!answer.success || answer.action !== action || (answer.score ?? 0) < this.config.RECAPTCHA_MIN_SCORE) {
      throw captchaFailed();
    }
  }
}
