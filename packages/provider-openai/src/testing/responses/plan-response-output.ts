import { randomToken } from '@modelgate/testkit';
import type { ScriptedOutputItem } from './responses-reply.js';

export type OutputItem = Record<string, unknown> & { id: string; type: string };

export interface PlanOptions {
  /** The request's `include` asked for `reasoning.encrypted_content`. */
  includeEncryptedReasoning: boolean;
}

/** A stand-in for OpenAI's opaque blobs: recognisable in tests, meaningless to anyone else. */
export function opaqueBlob(kind: string, seed: string): string {
  return `gAAAAA-sim-${kind}-${Buffer.from(seed).toString('base64url')}-${randomToken(12)}`;
}

/** The final (`status: "completed"`) form of a scripted item, with the id prefixes OpenAI uses (PROTOCOLS B.2). */
export function planOutputItem(item: ScriptedOutputItem, options: PlanOptions): OutputItem {
  switch (item.type) {
    case 'message':
      return {
        id: `msg_${randomToken()}`,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: item.text, annotations: [], logprobs: [] }],
      };
    case 'reasoning': {
      const planned: OutputItem = { id: `rs_${randomToken()}`, type: 'reasoning', summary: [{ type: 'summary_text', text: item.summary }] };
      if (options.includeEncryptedReasoning) planned.encrypted_content = item.encryptedContent ?? opaqueBlob('reasoning', item.summary);
      return planned;
    }
    case 'function_call':
      return {
        id: `fc_${randomToken()}`,
        type: 'function_call',
        status: 'completed',
        arguments: item.arguments,
        call_id: item.callId ?? `call_${randomToken()}`,
        name: item.name,
      };
    case 'custom_tool_call':
      return {
        id: `ctc_${randomToken()}`,
        type: 'custom_tool_call',
        status: 'completed',
        call_id: item.callId ?? `call_${randomToken()}`,
        input: item.input,
        name: item.name,
      };
    case 'web_search_call':
      return { id: `ws_${randomToken()}`, type: 'web_search_call', status: 'completed', action: { type: 'search', query: item.query } };
  }
}

/** The one item a compaction answers with; its `encrypted_content` stands for the whole history. */
export function compactionItem(historyLength: number): OutputItem {
  return { id: `cmp_${randomToken()}`, type: 'compaction', encrypted_content: opaqueBlob('compaction', `items=${historyLength}`) };
}

/** The characters an item "generated", for the usage estimate. */
export function generatedText(item: OutputItem): string {
  return JSON.stringify([item.content, item.summary, item.arguments, item.input, item.encrypted_content]);
}
