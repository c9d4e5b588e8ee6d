/** Exit codes: 0 success, 1 a content or config error, 2 a usage error. */
export const exitCodes = { ok: 0, contentError: 1, usageError: 2 } as const;
