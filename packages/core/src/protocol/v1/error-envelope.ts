/** The body of every non-2xx answer, exactly OpenAI's: `param` and `code` are always present. */
export interface ErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export interface ErrorEnvelope {
  error: ErrorBody;
}
