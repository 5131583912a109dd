/**
 * The length limits' messages of the checkout's free texts. zod hands a form its message without
 * values, so each limit is a text of its own, marked for the `giving` catalogue (decision 0042) and
 * shown as it is translated.
 */
export const AT_MOST = {
  20: /*i18n*/ 'At most 20 characters',
  100: /*i18n*/ 'At most 100 characters',
  200: /*i18n*/ 'At most 200 characters',
  254: /*i18n*/ 'At most 254 characters',
  500: /*i18n*/ 'At most 500 characters',
} as const;
export type TextLimit = keyof typeof AT_MOST;
