/** A model a host's demo serves from a provider's simulator. */
export interface DemoModel {
  /** The gateway model id clients send, e.g. `demo-gpt`. */
  readonly id: string;
  /** The vendor model the simulator answers as. */
  readonly upstreamModel: string;
}

/** What a host needs of a started simulator without knowing its vendor. */
export interface StartedSimulator {
  /** Base URL, the value a provider's base URL setting takes. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The uniform part of a provider's `./testing` entry (named exports of that module): enough for a
 * host, such as the gateway's demo profile, to serve the provider offline with no vendor knowledge.
 */
export interface ProviderTestingEntry {
  /**
   * Starts the vendor simulator on 127.0.0.1 (random port) for a demo: its defaults plus the demo's
   * tool rule (`planDemoStep`), so an agent can show a tool round trip. Tests of the vendor's
   * behaviour start the simulator through its own `start…Simulator`, without that rule.
   */
  startSimulator(): Promise<StartedSimulator>;
  /** The provider settings that point it at a started simulator. */
  simulatorSettings(simulator: StartedSimulator): Readonly<Record<string, unknown>>;
  /** The models a demo serves from this simulator. */
  readonly demoModels: readonly DemoModel[];
}
