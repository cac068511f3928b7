/**
 * Shapes of keys and headers (api-decisions.md). Plain regular expressions, free of zod, so that
 * code bound for browsers can share them.
 */
export const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{24,}$/;
export const PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]{24,}$/;
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9]{24,}$/;
/** Client tokens are opaque; only the prefix is promised. */
export const CLIENT_TOKEN_PREFIX = "ct_";
/** `Idempotency-Key`: 1 to 255 characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
