import { errorScriptFault, type ConformanceScript, type ConformanceUpstream, type ReceivedMessage, type ReceivedRequest, type RecordedRequest } from '@modelgate/testkit';
import type { ConverseContentBlock, ConverseRequest } from '../converse/converse-api-types.js';
import { startConverseSimulator, type ConverseScriptedReply } from './converse-simulator.js';

function toConverseReply(script: Exclude<ConformanceScript, { kind: 'error' }>): ConverseScriptedReply {
  if (script.kind === 'tool-calls') return { toolCalls: script.calls.map((call) => ({ id: call.id, name: call.name, input: JSON.parse(call.arguments) })) };
  if (script.kind === 'stop-sequence') return { text: script.text, stopReason: 'stop_sequence' };
  return { text: script.text, ...(script.usage && { usage: { inputTokens: script.usage.promptTokens, outputTokens: script.usage.completionTokens } }) };
}

/** Every member a content block may have (a block has one of them). */
type UnionToFields<T> = { [K in T extends unknown ? keyof T : never]: T extends Record<K, infer V> ? V : never };

/** What Bedrock got, in the suite's neutral terms. */
export function readConverseRequest(recorded: RecordedRequest | undefined): ReceivedRequest {
  if (!recorded) throw new Error('Bedrock received no Converse request');
  const body = recorded.body as ConverseRequest;
  const messages = body.messages.map((message): ReceivedMessage => {
    const blocks = message.content as Array<Partial<UnionToFields<ConverseContentBlock>>>;
    return {
      role: message.role,
      text: blocks.flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join(''),
      images: blocks.flatMap((block) => (block.image ? [block.image.source.bytes] : [])),
      toolCalls: blocks.flatMap((block) => (block.toolUse ? [{ id: block.toolUse.toolUseId, name: block.toolUse.name, arguments: block.toolUse.input }] : [])),
      toolResults: blocks.flatMap((block) =>
        block.toolResult ? [{ callId: block.toolResult.toolUseId, content: block.toolResult.content.map((part) => ('text' in part ? part.text : JSON.stringify(part.json))).join('') }] : [],
      ),
    };
  });
  const schema = body.outputConfig?.textFormat.structure.jsonSchema.schema;
  return {
    system: (body.system ?? []).map((block) => block.text),
    messages,
    tools: (body.toolConfig?.tools ?? []).map((tool) => ({ name: tool.toolSpec.name, parameters: tool.toolSpec.inputSchema.json })),
    ...(schema !== undefined && { responseSchema: JSON.parse(schema) }),
    stopSequences: body.inferenceConfig?.stopSequences ?? [],
  };
}

/** The Converse simulator as the conformance suite's upstream, serving `modelId`, with static keys. */
export function converseConformanceUpstream(modelId: string): () => Promise<ConformanceUpstream> {
  return async () => {
    const credentials = { accessKeyId: 'AKIACONFORMANCE00002', secretAccessKey: 'conformance-secret' };
    const simulator = await startConverseSimulator({ region: 'us-east-1', credentials: [credentials], models: [modelId] });
    return {
      settings: { region: 'us-east-1', endpoint: simulator.url, ...credentials },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault(errorScriptFault(script));
        else simulator.enqueueReply(toConverseReply(script));
      },
      received: () => readConverseRequest(simulator.requests.findLast((request) => request.path.startsWith('/model/'))),
      close: () => simulator.close(),
    };
  };
}
