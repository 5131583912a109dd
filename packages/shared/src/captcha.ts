/**
 * The captcha's contract between the browser and the API (SPEC.md §6, DESIGN.md): which actions a
 * token can be for, and the two headers that carry it. zod-free, so the web's first load stays light.
 */
export const CAPTCHA_ACTIONS = [
  'payment_token',
  'checkout',
  'registration',
  'register',
  'forgot-password',
  'lost_link',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** Header names as HTTP sends them; Node lowercases incoming names, so the server reads these lowercased. */
export const CAPTCHA_TOKEN_HEADER = 'X-Captcha-Token';
export const CAPTCHA_ACTION_HEADER = 'X-Captcha-Action';
