/** Environment variables the gateway itself reads (a test compares this list with the source). */
export const GATEWAY_ENVIRONMENT_NOTES: Readonly<Record<string, string>> = {
  MODELGATE_CONFIG: 'The config file (`modelgate serve --config` takes precedence). Without one: the vendor profile when a vendor key is set, else the demo profile if asked for (`MODELGATE_DEMO`), else the gateway refuses to start.',
  MODELGATE_DEMO: '`1` (what `npm start` sets; `modelgate serve --demo` is the same): with no config file and no vendor key, serve the demo profile, the bundled vendor simulators offline, instead of refusing to start. Needs the development install (`@modelgate/testkit`); never for production.',
  MODELGATE_DATA_DIR: "The data directory: the embedded SQLite store, the usage spool, rejected usage records. Default: `.modelgate` beside the config file; without a config, in the gateway package's folder. The server and the CLI resolve it alike and print it.",
  MODELGATE_PORT: 'Overrides `server.port`.',
  PORT: 'Overrides `server.port` when `MODELGATE_PORT` is not set.',
  MODELGATE_HOST: 'Overrides `server.host`.',
  MODELGATE_API_KEY:
    'Without a config file: the one service key of the vendor or demo profile. Unset or empty, a new one is made up and printed at each start: always by the demo, by the vendor profile only when its output is a terminal (else it refuses to start, rather than print a key into the logs).',
  MODELGATE_ADMIN_TOKEN:
    'Without a config file: the admin token of the vendor or demo profile, for `/admin` and the web UI at `/ui`. Unset or empty, a new one is made up and printed at each start: always by the demo, by the vendor profile only when its output is a terminal (else `/admin` and `/ui` are off).',
};
