import type { ReceivedMessage, ReceivedRequest, RecordedRequest } from '@modelgate/testkit';

type Part = {
  text?: string;
  thought?: boolean;
  inlineData?: { data?: string };
  fileData?: { fileUri?: string };
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: unknown };
};
type GenerateBody = {
  systemInstruction?: { parts?: Part[] };
  contents?: Array<{ role?: string; parts?: Part[] }>;
  tools?: Array<{ functionDeclarations?: Array<{ name?: string; parametersJsonSchema?: unknown; parameters?: unknown }> }>;
  generationConfig?: { responseJsonSchema?: unknown; responseSchema?: unknown; stopSequences?: string[] };
};

function textOf(parts: readonly Part[]): string {
  return parts.filter((part) => typeof part.text === 'string' && part.thought !== true).map((part) => part.text).join('');
}

/** A `functionResponse.response` object read back to the text the gateway wrapped (`{ content }`), else its JSON. */
function responseText(response: unknown): string {
  const content = (response as { content?: unknown } | undefined)?.content;
  return typeof content === 'string' && Object.keys(response as object).length === 1 ? content : JSON.stringify(response);
}

function toMessage(content: { role?: string; parts?: Part[] }): ReceivedMessage {
  const parts = content.parts ?? [];
  return {
    role: content.role === 'model' ? 'assistant' : 'user',
    text: textOf(parts),
    images: parts.flatMap((part) => (part.inlineData?.data ? [part.inlineData.data] : part.fileData?.fileUri ? [part.fileData.fileUri] : [])),
    toolCalls: parts.flatMap((part) => (part.functionCall ? [{ id: part.functionCall.id, name: part.functionCall.name ?? '', arguments: part.functionCall.args }] : [])),
    toolResults: parts.flatMap((part) =>
      part.functionResponse ? [{ callId: part.functionResponse.id, name: part.functionResponse.name, content: responseText(part.functionResponse.response) }] : [],
    ),
  };
}

/** A Gemini `generateContent` request in the conformance suite's neutral terms. */
export function readGoogleRequest(request: RecordedRequest | undefined): ReceivedRequest {
  const body = (request?.body ?? {}) as GenerateBody;
  const system = textOf(body.systemInstruction?.parts ?? []);
  const declarations = (body.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  return {
    system: system === '' ? [] : [system],
    messages: (body.contents ?? []).map(toMessage),
    tools: declarations.map((declaration) => ({ name: declaration.name ?? '', parameters: declaration.parametersJsonSchema ?? declaration.parameters })),
    responseSchema: body.generationConfig?.responseJsonSchema ?? body.generationConfig?.responseSchema,
    stopSequences: body.generationConfig?.stopSequences ?? [],
  };
}
