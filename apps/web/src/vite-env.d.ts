/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** reCAPTCHA v3 site key; without it the client sends no captcha tokens (spec §4, §8). */
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_RECAPTCHA_SCRIPT_URL?: string;
}

/** Mantine's styles for the components the app uses (vite.config.ts, mantineStylesPlugin). */
declare module 'virtual:mantine-styles.css';
