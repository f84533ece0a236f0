/** The cookie (and localStorage key) holding the chosen language. */
export const LOCALE_COOKIE = "i18nextLng";
