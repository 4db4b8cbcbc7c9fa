import { errorScriptFault, type ConformanceScript, type ConformanceUpstream } from '@modelgate/testkit';
import type { GoogleScriptedReply } from './google-reply.js';
import { startGoogleSimulator } from './google-simulator.js';
import { readGoogleRequest } from './read-google-request.js';

/**
 * A suite script as a Gemini answer. Calls keep the suite's ids and carry no signature: the suite
 * compares tool calls to OpenAI's exact shape, which a signature would extend with `extra_content`
 * (signatures have tests of their own). Gemini has no stop-sequence reason: it says STOP.
 */
function toGoogleReply(script: Exclude<ConformanceScript, { kind: 'error' }>): GoogleScriptedReply {
  switch (script.kind) {
    case 'text':
      return {
        parts: [{ text: script.text }],
        ...(script.usage && { usage: { promptTokenCount: script.usage.promptTokens, candidatesTokenCount: script.usage.completionTokens } }),
      };
    case 'stop-sequence':
      return { parts: [{ text: script.text }] };
    case 'tool-calls':
      return {
        parts: script.calls.map((call) => ({
          functionCall: { id: call.id, name: call.name, args: JSON.parse(call.arguments) as Record<string, unknown> },
          thoughtSignature: false,
        })),
      };
  }
}

/** The Gemini simulator as the conformance suite's upstream (`startUpstream`), requiring `apiKey`. */
export function googleConformanceUpstream(apiKey: string): () => Promise<ConformanceUpstream> {
  return async () => {
    const simulator = await startGoogleSimulator({ apiKey });
    return {
      settings: { baseUrl: simulator.url, apiKey },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault(errorScriptFault(script));
        else simulator.enqueueReply(toGoogleReply(script));
      },
      received: () => readGoogleRequest(simulator.requests.findLast((request) => /:(stream)?generateContent$/i.test(request.path))),
      close: () => simulator.close(),
    };
  };
}
