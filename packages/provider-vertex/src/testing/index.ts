// `@modelgate/provider-vertex/testing`: the Vertex AI simulator (Claude; also Google's token endpoint), for this package's tests.
export { startVertexSimulator, type VertexSimulator, type VertexSimulatorOptions } from './vertex-simulator.js';
export { createServiceAccount, type SimulatedServiceAccount } from './google-token-endpoint.js';
