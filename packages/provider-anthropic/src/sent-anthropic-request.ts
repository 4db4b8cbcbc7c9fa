import type { AnthropicContentBlockParam, AnthropicMessageParam, AnthropicMessagesRequest, AnthropicTextBlockParam } from '@modelgate/core';

// The Messages API's own types live in @modelgate/core, open to everything a client may send (the
// Messages front relays them). What this provider builds is narrower, and its rules (tool pairing,
// cache breakpoints, the final assistant turn) rely on that: block lists, never a bare string.

/** A turn as the provider sends it: a user or assistant role, its content a list of blocks. */
export interface SentAnthropicTurn extends AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: AnthropicContentBlockParam[];
}

/** The body the provider sends: always a `max_tokens`, turns of blocks, `system` as text blocks. */
export interface SentAnthropicRequest extends AnthropicMessagesRequest {
  max_tokens: number;
  messages: SentAnthropicTurn[];
  system?: AnthropicTextBlockParam[];
}
