export {
  CAPTCHA_ACTIONS,
  RECAPTCHA_KEY_MISSING,
  RECAPTCHA_NOT_LOADED,
  RECAPTCHA_SCRIPT_UNAVAILABLE,
  captchaClient,
  createCaptchaClient,
  getCaptchaToken,
  setCaptchaClient,
  type CaptchaAction,
  type CaptchaClient,
  type Grecaptcha,
} from './captcha';
