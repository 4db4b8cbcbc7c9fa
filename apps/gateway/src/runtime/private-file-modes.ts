/**
 * Modes of what the gateway creates in its data directory (the store, the usage spool, rejected
 * usage records): keys' digests and every request's usage, readable by the gateway's user only.
 * The umask may narrow them, never widen them.
 */
export const PRIVATE_DIRECTORY = 0o700;
export const PRIVATE_FILE = 0o600;
