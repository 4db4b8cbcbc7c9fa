/** One HTTP request, ready to send as many times as a load run needs. */
export interface RequestSpec {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Headers its answer must carry (a sample before and after the load), or the run stops: proof it measures what it says. */
  readonly expectedHeaders?: Readonly<Record<string, string>>;
}
