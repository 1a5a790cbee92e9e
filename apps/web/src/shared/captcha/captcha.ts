/**
 * The reCAPTCHA v3 client of spec §4 and §8. The script loads on demand (the
 * first time a token is needed), only when a site key is configured; v3 is
 * invisible (no challenge, a small badge). A token is executed per named
 * action, once per request: tokens are single use and expire after two
 * minutes. Without a site key the client warns once and sends no token (the
 * server skips the check outside production when it has no secret).
 */
export const CAPTCHA_ACTIONS = [
  'login',
  'email_register',
  'spotify_login',
  'google_login',
  'twitter_login',
  'facebook_login',
  'check_promo_availability',
  'forgot_password',
  'resend_verification',
  'artist_register',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** Spec §8's texts. */
export const RECAPTCHA_SCRIPT_UNAVAILABLE = 'Recaptcha script is not available';
export const RECAPTCHA_NOT_LOADED = 'Google Recaptcha has not been loaded';
export const RECAPTCHA_KEY_MISSING =
  'Recaptcha key not provided (VITE_RECAPTCHA_SITE_KEY): requests are sent without a captcha token.';

/** Google's script; a build can point elsewhere (the sandbox's stand-in in docker-compose). */
const SCRIPT_ORIGIN: string = import.meta.env.VITE_RECAPTCHA_SCRIPT_URL || 'https://www.google.com/recaptcha/api.js';
const SCRIPT_ID = 'pie-recaptcha-script';

/** The part of Google's `grecaptcha` global the client uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export interface CaptchaClient {
  /** Whether a site key is configured. */
  readonly enabled: boolean;
  /** Loads the script (once); rejects with 'Recaptcha script is not available'. */
  load(): Promise<void>;
  /** Whether the script is loaded and ready to execute. */
  isReady(): boolean;
  /** A token for the action; rejects with 'Google Recaptcha has not been loaded' before `load()` finished. */
  execute(action: CaptchaAction): Promise<string>;
  /** Loads on demand, then executes. `undefined` when no site key is configured. */
  getToken(action: CaptchaAction): Promise<string | undefined>;
}

export interface CaptchaClientOptions {
  siteKey: string | undefined;
  /** Milliseconds to wait for the script before giving up. */
  timeoutMs?: number;
}

export function createCaptchaClient({ siteKey, timeoutMs = 15_000 }: CaptchaClientOptions): CaptchaClient {
  const key = siteKey?.trim() || undefined;
  let warned = false;
  let ready = false;
  let loading: Promise<void> | null = null;

  const warnMissingKey = () => {
    if (warned) return;
    warned = true;
    console.warn(RECAPTCHA_KEY_MISSING);
  };

  const grecaptcha = (): Grecaptcha | undefined => {
    const candidate = window.grecaptcha;
    return candidate && typeof candidate.ready === 'function' && typeof candidate.execute === 'function'
      ? candidate
      : undefined;
  };

  const waitUntilReady = (api: Grecaptcha) =>
    new Promise<void>((resolve) => {
      api.ready(() => {
        ready = true;
        resolve();
      });
    });

  const injectScript = (siteKeyValue: string) =>
    new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = () => {
        // A later attempt starts from a clean page.
        script.remove();
        reject(new Error(RECAPTCHA_SCRIPT_UNAVAILABLE));
      };
      const timer = window.setTimeout(fail, timeoutMs);
      const settle = (outcome: () => void) => {
        window.clearTimeout(timer);
        outcome();
      };
      script.id = SCRIPT_ID;
      script.src = `${SCRIPT_ORIGIN}?render=${encodeURIComponent(siteKeyValue)}`;
      script.async = true;
      script.defer = true;
      script.addEventListener('load', () => {
        const api = grecaptcha();
        if (!api) {
          settle(fail);
          return;
        }
        void waitUntilReady(api).then(() => settle(resolve));
      });
      script.addEventListener('error', () => settle(fail));
      document.head.appendChild(script);
    });

  const client: CaptchaClient = {
    enabled: key !== undefined,

    load() {
      if (!key) {
        warnMissingKey();
        return Promise.resolve();
      }
      if (ready) return Promise.resolve();
      if (!loading) {
        const existing = grecaptcha();
        loading = (existing ? waitUntilReady(existing) : injectScript(key)).catch((error: unknown) => {
          // A later request may try again (e.g. after the network came back).
          loading = null;
          throw error;
        });
      }
      return loading;
    },

    isReady: () => ready,

    async execute(action) {
      const api = grecaptcha();
      if (!key || !ready || !api) throw new Error(RECAPTCHA_NOT_LOADED);
      return api.execute(key, { action });
    },

    async getToken(action) {
      if (!key) {
        warnMissingKey();
        return undefined;
      }
      await client.load();
      return client.execute(action);
    },
  };
  return client;
}

let current: CaptchaClient | null = null;

/** The page's client, configured from `VITE_RECAPTCHA_SITE_KEY`. */
export function captchaClient(): CaptchaClient {
  current ??= createCaptchaClient({ siteKey: import.meta.env.VITE_RECAPTCHA_SITE_KEY });
  return current;
}

/** Replaces the page's client (tests). Returns an undo. */
export function setCaptchaClient(next: CaptchaClient): () => void {
  const previous = current;
  current = next;
  return () => {
    if (current === next) current = previous;
  };
}

/** A token for the action, or `undefined` when no site key is configured. */
export function getCaptchaToken(action: CaptchaAction): Promise<string | undefined> {
  return captchaClient().getToken(action);
}
