import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCaptchaClient,
  RECAPTCHA_KEY_MISSING,
  RECAPTCHA_NOT_LOADED,
  RECAPTCHA_SCRIPT_UNAVAILABLE,
  type Grecaptcha,
} from './captcha';

const script = () => document.getElementById('pie-recaptcha-script') as HTMLScriptElement | null;

/** What Google's script does once it has loaded: define `grecaptcha`. */
function fakeGrecaptcha(): Grecaptcha & { execute: ReturnType<typeof vi.fn> } {
  const api = {
    ready: (callback: () => void) => queueMicrotask(callback),
    execute: vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`),
  };
  window.grecaptcha = api;
  return api;
}

afterEach(() => {
  script()?.remove();
  delete window.grecaptcha;
});

describe('the captcha client', () => {
  it('without a site key: warns once, loads nothing and gives no token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = createCaptchaClient({ siteKey: undefined });

    expect(await client.getToken('email_register')).toBeUndefined();
    expect(await client.getToken('spotify_login')).toBeUndefined();

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(RECAPTCHA_KEY_MISSING);
    expect(script()).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(client.enabled).toBe(false);
  });

  it('refuses a token requested before the script has loaded', async () => {
    const client = createCaptchaClient({ siteKey: 'site-key' });

    await expect(client.execute('check_promo_availability')).rejects.toThrow(RECAPTCHA_NOT_LOADED);
    // Nothing loads until a token is needed.
    expect(script()).toBeNull();
  });

  it('loads the script on demand, once, and executes one token per named action', async () => {
    const client = createCaptchaClient({ siteKey: 'site key' });

    const first = client.getToken('google_login');
    const second = client.getToken('forgot_password');
    const element = script();
    expect(element?.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key');
    expect(document.querySelectorAll('#pie-recaptcha-script')).toHaveLength(1);

    const api = fakeGrecaptcha();
    element!.dispatchEvent(new Event('load'));

    expect(await first).toBe('token-for-google_login');
    expect(await second).toBe('token-for-forgot_password');
    expect(api.execute).toHaveBeenCalledWith('site key', { action: 'google_login' });
    expect(api.execute).toHaveBeenCalledWith('site key', { action: 'forgot_password' });
    expect(client.isReady()).toBe(true);
    // Each request gets a fresh token (they are single use).
    expect(await client.getToken('google_login')).toBe('token-for-google_login');
    expect(api.execute).toHaveBeenCalledTimes(3);
  });

  it('says the script is not available when it fails to load, and tries again next time', async () => {
    const client = createCaptchaClient({ siteKey: 'site-key' });

    const token = client.getToken('email_register');
    script()!.dispatchEvent(new Event('error'));

    await expect(token).rejects.toThrow(RECAPTCHA_SCRIPT_UNAVAILABLE);
    expect(script()).toBeNull();

    const retry = client.getToken('email_register');
    expect(script()).not.toBeNull();
    fakeGrecaptcha();
    script()!.dispatchEvent(new Event('load'));
    expect(await retry).toBe('token-for-email_register');
  });

  it('says the script is not available when it loads without grecaptcha, or never answers', async () => {
    const loadedEmpty = createCaptchaClient({ siteKey: 'site-key' });
    const token = loadedEmpty.getToken('artist_register');
    script()!.dispatchEvent(new Event('load'));
    await expect(token).rejects.toThrow(RECAPTCHA_SCRIPT_UNAVAILABLE);
    expect(script()).toBeNull();

    vi.useFakeTimers();
    try {
      const silent = createCaptchaClient({ siteKey: 'site-key', timeoutMs: 1000 });
      const pending = silent.getToken('twitter_login');
      const outcome = expect(pending).rejects.toThrow(RECAPTCHA_SCRIPT_UNAVAILABLE);
      await vi.advanceTimersByTimeAsync(1000);
      await outcome;
      expect(script()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
