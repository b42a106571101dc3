/**
 * Login-id and password rules, zod-free so the patient app's forms can check them before
 * sending (the server checks them again through auth.ts, which re-exports these).
 */
export const LOGIN_ID_PATTERN = /^[a-z0-9_-]{4,20}$/;
/** 8–64 characters with a letter, a digit and a symbol. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,64}$/;
/** The e-mailed verification code of a password reset. */
export const VERIFICATION_CODE_LENGTH = 6;
