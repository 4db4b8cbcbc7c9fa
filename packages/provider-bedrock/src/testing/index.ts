// `@modelgate/provider-bedrock/testing`: the AWS Bedrock runtime simulator (SigV4 verified, event
// stream framing), for this package's tests and anyone testing against Bedrock.
export { startBedrockSimulator, type BedrockSimulator, type BedrockSimulatorOptions } from './bedrock-simulator.js';
export type { AwsCredentialsForTest } from './verify-sigv4.js';
export { encodeEventStreamMessage, chunkMessage, exceptionMessage } from './encode-event-stream.js';
export { bedrockConformanceUpstream } from './bedrock-conformance-upstream.js';
export { startConverseSimulator, type ConverseSimulator, type ConverseSimulatorOptions, type ConverseScriptedReply } from './converse-simulator.js';
export { converseConformanceUpstream, readConverseRequest } from './converse-conformance-upstream.js';
