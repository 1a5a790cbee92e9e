/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** reCAPTCHA v3 site key; without it the client sends no captcha tokens (spec §4, §8). */
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
}
