/**
 * Polls until `check` passes, failing after `timeoutMs` with `what` in the message: for what a
 * gateway settles after the response has closed (usage records, the request's log line), instead
 * of a fixed sleep that is too short on a busy machine and wasted on an idle one.
 */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
