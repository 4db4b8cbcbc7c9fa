import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { errors } from './undici-parts.js';
import { codingsToDecode, decodeContent } from './decode-content-encoding.js';
import { asIncomingHeaders } from './incoming-headers.js';
import { StaleConnectionFailure } from './stale-connection-retry.js';
import { StaleConnectionWatch } from './undici-stale-connection.js';
import { toUpstreamTransportError, upstreamRedirect, upstreamTimeoutFailure } from './upstream-transport-errors.js';
import type { UpstreamAnswerLimits, UpstreamReply } from './upstream-transport.js';

/** What a call needs besides its request: the time-outs it keeps and the limits it hands on. */
export interface UndiciCallSettings {
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly limits: UpstreamAnswerLimits;
}

/**
 * One upstream request on undici, as a dispatch handler: it settles `open` at the answer's headers
 * (a 3xx is refused) and then feeds the body, with back-pressure. Its own timers keep the
 * contract's time-outs, started when the request is sent as got's are: `timeoutMs` to the headers
 * of a stream or to the end of a non-streamed answer, `totalTimeoutMs` to the end of a stream.
 * `signal` aborts it at any point. Whatever ends it (abort, time-out, the reader destroying the
 * body) destroys its connection.
 */
export class UndiciUpstreamCall implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  /** Set when the call is aborted before undici has written it; it is dropped then. */
  private abortedWith: Error | undefined;
  private staleWatch: StaleConnectionWatch | undefined;
  private rawBody: Readable | undefined;
  private settled = false;
  private readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.abort(new errors.RequestAbortedError());

  constructor(
    readonly options: Dispatcher.DispatchOptions,
    private readonly url: string,
    private readonly stream: boolean,
    private readonly settings: UndiciCallSettings,
    private readonly signal: AbortSignal,
    private readonly resolve: (reply: UpstreamReply) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    const { timeoutMs } = settings;
    this.timer = setTimeout(() => this.abort(upstreamTimeoutFailure(stream ? 'response headers' : 'end of the answer', timeoutMs)), timeoutMs);
    if (signal.aborted) this.onAbort();
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Hands the call to undici, unless it has already ended (a signal aborted before it was sent). */
  dispatchOn(dispatcher: Dispatcher): void {
    if (!this.settled) dispatcher.dispatch(this.options, this);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortedWith) controller.abort(this.abortedWith);
    else this.staleWatch = StaleConnectionWatch.start(this.options);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, rawHeaders: Record<string, string | string[] | undefined>): void {
    // An informational answer (103 Early Hints) comes before the real one, as node:http skips it.
    if (status < 200) return;
    const headers = asIncomingHeaders(rawHeaders);
    if (status >= 300 && status < 400) {
      this.fail(upstreamRedirect(this.url, status, headers.location));
      controller.abort(new errors.RequestAbortedError('redirect refused'));
      return;
    }
    this.settled = true;
    if (this.stream) this.limitLength();
    const rawBody = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        if (!this.rawBody?.readableEnded) controller.abort(error ?? new errors.RequestAbortedError('body closed early'));
        this.finish();
        callback(error);
      },
    });
    this.rawBody = rawBody;
    const codings = codingsToDecode(status, headers['content-encoding']);
    if (codings) {
      delete headers['content-encoding'];
      delete headers['content-length'];
    }
    this.resolve({ status, headers, body: codings ? decodeContent(rawBody, codings) : rawBody, limits: this.settings.limits });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.rawBody!.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.rawBody!.push(null);
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.rawBody) this.rawBody.destroy(error);
    else this.fail(this.staleWatch?.explains(error) ? new StaleConnectionFailure(error) : toUpstreamTransportError(error, this.url));
  }

  /** Ends the call with `error`: before its answer it fails `open`, after it the body. */
  private abort(error: Error): void {
    if (this.rawBody) this.rawBody.destroy(error);
    else if (this.controller) this.controller.abort(error);
    else {
      this.abortedWith = error;
      this.fail(toUpstreamTransportError(error, this.url));
    }
  }

  /** Fails `open` (once): a GatewayError, or a StaleConnectionFailure to send again. */
  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.finish();
    this.reject(error);
  }

  /** The headers arrived: a stream may run until `totalTimeoutMs` after it was sent. */
  private limitLength(): void {
    clearTimeout(this.timer);
    const ms = this.settings.totalTimeoutMs;
    this.timer = setTimeout(() => this.abort(upstreamTimeoutFailure('end of the answer', ms)), Math.max(0, this.startedAt + ms - Date.now()));
    this.timer.unref();
  }

  private finish(): void {
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this.onAbort);
  }
}
