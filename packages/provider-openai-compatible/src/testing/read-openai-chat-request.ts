import type { ReceivedMessage, ReceivedRequest, RecordedRequest } from '@modelgate/testkit';

type Part = { type?: string; text?: string; image_url?: { url?: string } };
type ChatMessage = {
  role?: string;
  content?: string | Part[] | null;
  tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }>;
  tool_call_id?: string;
};
type ChatBody = {
  messages?: ChatMessage[];
  tools?: Array<{ function?: { name?: string; parameters?: unknown } }>;
  response_format?: { type?: string; json_schema?: { schema?: unknown } };
  stop?: string | string[];
};

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).filter((part) => part.type === 'text').map((part) => part.text ?? '').join('');
}

/** The base64 data of a `data:` URL, or the URL itself. */
function imageOf(url: string): string {
  return /^data:[^;]+;base64,(.*)$/s.exec(url)?.[1] ?? url;
}

function parseArguments(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return text;
  }
}

function toMessage(message: ChatMessage): ReceivedMessage {
  if (message.role === 'tool') {
    return { role: 'user', text: '', images: [], toolCalls: [], toolResults: [{ callId: message.tool_call_id, content: textOf(message.content) }] };
  }
  const parts = Array.isArray(message.content) ? message.content : [];
  return {
    role: message.role === 'assistant' ? 'assistant' : 'user',
    text: textOf(message.content),
    images: parts.filter((part) => part.type === 'image_url').map((part) => imageOf(part.image_url?.url ?? '')),
    toolCalls: (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function?.name ?? '', arguments: parseArguments(call.function?.arguments) })),
    toolResults: [],
  };
}

/** An OpenAI chat request (OpenAI's, or an OpenAI-compatible vendor's) in the conformance suite's neutral terms. */
export function readOpenAiChatRequest(request: RecordedRequest | undefined): ReceivedRequest {
  const body = (request?.body ?? {}) as ChatBody;
  const messages = body.messages ?? [];
  const isSystem = (message: ChatMessage) => message.role === 'system' || message.role === 'developer';
  return {
    system: messages.filter(isSystem).map((message) => textOf(message.content)),
    messages: messages.filter((message) => !isSystem(message)).map(toMessage),
    tools: (body.tools ?? []).map((tool) => ({ name: tool.function?.name ?? '', parameters: tool.function?.parameters })),
    responseSchema: body.response_format?.type === 'json_schema' ? body.response_format.json_schema?.schema : undefined,
    stopSequences: typeof body.stop === 'string' ? [body.stop] : (body.stop ?? []),
  };
}
