import type { ReceivedMessage, ReceivedRequest, RecordedRequest } from '@modelgate/testkit';

type Block = {
  type?: string;
  text?: string;
  source?: { type?: string; data?: string; url?: string };
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | Block[];
};
type Message = { role?: string; content?: string | Block[] };
type MessagesBody = {
  system?: string | Block[];
  messages?: Message[];
  tools?: Array<{ name?: string; input_schema?: unknown }>;
  output_config?: { format?: { type?: string; schema?: unknown } };
  stop_sequences?: string[];
};

function textOf(content: string | Block[] | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).filter((block) => block.type === 'text').map((block) => block.text ?? '').join('');
}

function toMessage(message: Message): ReceivedMessage {
  const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
  return {
    role: message.role === 'assistant' ? 'assistant' : 'user',
    text: textOf(blocks),
    images: blocks.filter((block) => block.type === 'image').map((block) => block.source?.data ?? block.source?.url ?? ''),
    toolCalls: blocks.filter((block) => block.type === 'tool_use').map((block) => ({ id: block.id, name: block.name ?? '', arguments: block.input })),
    toolResults: blocks.filter((block) => block.type === 'tool_result').map((block) => ({ callId: block.tool_use_id, content: textOf(block.content) })),
  };
}

/** An Anthropic Messages request in the conformance suite's neutral terms. */
export function readAnthropicRequest(request: RecordedRequest | undefined): ReceivedRequest {
  const body = (request?.body ?? {}) as MessagesBody;
  const system = textOf(body.system);
  return {
    system: system === '' ? [] : [system],
    messages: (body.messages ?? []).map(toMessage),
    tools: (body.tools ?? []).map((tool) => ({ name: tool.name ?? '', parameters: tool.input_schema })),
    responseSchema: body.output_config?.format?.type === 'json_schema' ? body.output_config.format.schema : undefined,
    stopSequences: body.stop_sequences ?? [],
  };
}
