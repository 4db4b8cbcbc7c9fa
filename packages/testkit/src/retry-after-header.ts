/** `retry-after` in whole seconds when a wait is asked for, else no header: for a vendor's `errorHeaders`. */
export function retryAfterHeader(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'retry-after': String(seconds) };
}
