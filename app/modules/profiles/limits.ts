// Profile limits shared by the forms (browser) and validation.ts (server).
export const BIO_MAX = 500;
export const SLUG_MAX = 40;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
