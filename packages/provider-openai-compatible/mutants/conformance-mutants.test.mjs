// Deliberately broken wrappers around the real OpenAI-compatible plugin, each run through the
// shared conformance suite. Run by src/conformance-mutants.e2e.test.ts, which expects every mutant
// to fail the scenario it was built to show (and the unbroken control to pass everything).
import { runChatConformance } from '@modelgate/conformance';
import plugin from '@modelgate/provider-openai-compatible';
import { openAiConformanceUpstream } from '@modelgate/provider-openai-compatible/testing';

/** The plugin, its chat translator passed through `wrap`. */
function mutant(wrap) {
  return { ...plugin, create: (settings, context) => {
    const provider = plugin.create(settings, context);
    return { ...provider, chat: wrap(provider.chat) };
  } };
}

/** Changes each request before the real translator sees it. */
const onRequest = (change) => mutant((chat) => ({ ...chat, toUpstreamRequest: (request, call) => chat.toUpstreamRequest(change(structuredClone(request)), call) }));

/** Changes each whole answer the client gets (the verbatim relay is turned off so the object is what is sent). */
const onAnswer = (change) => mutant((chat) => ({ ...chat, relaysResponseVerbatim: false, fromUpstreamResponse: (body, call) => change(chat.fromUpstreamResponse(body, call)) }));

const MUTANTS = {
  control: plugin,
  'drops-the-system-prompt': onRequest((request) => ({ ...request, messages: request.messages.filter((message) => message.role !== 'system') })),
  'drops-images': onRequest((request) => ({
    ...request,
    messages: request.messages.map((message) => (Array.isArray(message.content) ? { ...message, content: message.content.filter((part) => part.type !== 'image_url') } : message)),
  })),
  'drops-response-format': onRequest(({ response_format: _dropped, ...request }) => request),
  'drops-stop': onRequest(({ stop: _dropped, ...request }) => request),
  'drops-a-history-turn': onRequest((request) => ({ ...request, messages: request.messages.filter((message) => message.role !== 'assistant' || message.tool_calls) })),
  'rewrites-tool-results': onRequest((request) => ({ ...request, messages: request.messages.map((message) => (message.role === 'tool' ? { ...message, content: 'unknown' } : message)) })),
  'reorders-tool-results': onRequest((request) => {
    const results = request.messages.filter((message) => message.role === 'tool').reverse();
    return { ...request, messages: request.messages.map((message) => (message.role === 'tool' ? results.shift() : message)) };
  }),
  'loses-a-stream-chunk': mutant((chat) => ({
    ...chat,
    createStreamTranslator: (request, call) => {
      const translator = chat.createStreamTranslator(request, call);
      let seen = 0;
      return { ...translator, onEvent: (event) => translator.onEvent(event).filter(() => ++seen !== 2) };
    },
  })),
  'miscounts-usage': onAnswer((response) => ({ ...response, usage: response.usage && { ...response.usage, prompt_tokens: response.usage.prompt_tokens + 1, total_tokens: response.usage.total_tokens + 1 } })),
  'maps-a-finish-reason-wrongly': onAnswer((response) => ({ ...response, choices: response.choices.map((choice) => ({ ...choice, finish_reason: choice.finish_reason === 'tool_calls' ? 'stop' : choice.finish_reason })) })),
};

for (const [name, candidate] of Object.entries(MUTANTS)) {
  runChatConformance({
    name: `mutant ${name}`,
    provider: { plugin: candidate },
    model: 'llama-3.1-8b',
    startUpstream: openAiConformanceUpstream('sk-mutants', { family: 'local-llm' }),
  });
}
