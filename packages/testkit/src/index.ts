// The generic pieces every vendor simulator is built from. The simulators themselves live in their
// provider packages, under `./testing` (e.g. `@modelgate/provider-openai/testing`).
export { startSimulatorServer, type SimulatorHandler, type SimulatorServer } from './simulator-server.js';
export type { RecordedRequest } from './recorded-request.js';
export type {
  SimulatorFault,
  DelayFault,
  StatusFault,
  ResetMidStreamFault,
  MalformedChunkFault,
  StallFault,
  MidStreamErrorFault,
  VendorErrorFormat,
} from './simulator-faults.js';
export { MALFORMED_SSE_EVENT } from './simulator-faults.js';
export { playPreludeFault } from './play-prelude-fault.js';
export { retryAfterHeader } from './retry-after-header.js';
export { writeEventStream, type EventStreamOptions } from './write-event-stream.js';
export { writeJsonReply, type JsonReplyOptions } from './write-json-reply.js';
export { writeJsonBody } from './write-json-body.js';
export { splitText, splitEvery } from './split-text.js';
export { readSseEvents } from './read-sse-events.js';
export { randomToken } from './random-token.js';
export { unitVectorOf } from './unit-vector-of.js';
export { estimateTokens } from './estimate-tokens.js';
export { AutomaticPrefixCache, type AutomaticPrefixCacheOptions, type PromptSegment } from './automatic-prefix-cache.js';
export { isRecord } from './is-record.js';
export { createScriptQueues, exposeScriptedSimulator, type ScriptQueues, type ScriptedSimulator } from './scripted-simulator.js';
export type { DemoModel, ProviderTestingEntry, StartedSimulator } from './provider-testing-entry.js';
export { planDemoStep, type DemoStep, type DemoToolOffer, type DemoTurn } from './demo-tool-rule.js';
export type {
  ConformanceScript,
  ConformanceUpstream,
  ReceivedMessage,
  ReceivedRequest,
  ReceivedToolCall,
  ReceivedToolResult,
  ScriptedTokenUsage,
} from './conformance-upstream.js';
export { errorScriptFault } from './conformance-upstream.js';
