// The OpenAI Responses API. The gateway validates only what it reads (model, input, stream) and
// relays everything else untouched, so these types are deliberately open.

export interface ResponsesRequest {
  model: string;
  input?: string | Array<Record<string, unknown>>;
  stream?: boolean | null;
  [field: string]: unknown;
}

export interface ResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
}

export interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status: string;
  model: string;
  output: Array<Record<string, unknown>>;
  usage?: ResponsesUsage | null;
  [field: string]: unknown;
}

export interface ResponseStreamEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}
