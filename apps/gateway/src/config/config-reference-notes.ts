/**
 * What docs/config-reference.md says about each config field and environment variable. The
 * reference is generated from the config schema (`gateway-config-schema.ts`) and these notes; a test
 * fails when a schema field has no note here, so a new setting cannot go undocumented.
 * Defaults come from `withConfigDefaults` where it has one; `default` here covers the rest.
 */
export interface FieldNote {
  readonly description: string;
  /** Shown as the default when `withConfigDefaults` gives none (e.g. a default computed elsewhere). */
  readonly default?: string;
}

/** Keyed by path: `server.host`, `providers[].package`, `models[].pricing.input`. */
export const CONFIG_FIELD_NOTES: Readonly<Record<string, FieldNote>> = {
  'server.host': { description: 'Address to listen on. `0.0.0.0` (or `::`) to accept connections from other machines; `MODELGATE_HOST` overrides it.' },
  'server.port': { description: 'TCP port; `0` picks a free one. `MODELGATE_PORT` (or `PORT`) overrides it.' },
  'server.bodyLimitBytes': { description: 'Largest request body, measured after decompression (413 `request_too_large` past it).' },
  'server.shutdownGraceMs': { description: 'After SIGTERM/SIGINT, how long in-flight requests and streams may finish before their connections are cut.' },
  'server.publicCatalog': { description: 'Serve the human-readable model catalog at `GET /catalog` without a key; `false` turns the page off.' },
  'server.headersTimeoutMs': { description: "A client's request headers must arrive within this time (408). At most `requestTimeoutMs`." },
  'server.requestTimeoutMs': { description: '…and its whole body within this time (408). Answers and streams are not limited by it.' },
  'server.maxConnectionsPerAddress': { description: 'Open connections allowed from one client address; `0` turns the bound off. Raise it (or 0) behind a proxy, where every client has its address.' },
  'server.maxJsonDepth': { description: 'Deepest nesting of arrays and objects in a JSON body (400 `json_too_deep` past it).' },
  'upstream.connectTimeoutMs': { description: 'Time to open a TCP (and TLS) connection to an upstream (502 `upstream_unreachable`).' },
  'upstream.timeoutMs': { description: "Time to the upstream's response headers; for a non-streamed answer, to its whole body (504 `upstream_timeout`)." },
  'upstream.streamIdleTimeoutMs': { description: 'Longest silence between two chunks of an upstream stream; the stream then ends with an error event.' },
  'upstream.keepAliveIntervalMs': { description: 'While a relayed Responses stream is silent this long, the gateway writes an SSE comment (`: keep-alive`), so clients with idle time-outs (Codex: 300 s) keep waiting.' },
  'upstream.maxEventBytes': { description: 'Largest Server-Sent Event accepted from an upstream stream (UTF-8 bytes); past it the stream fails (`upstream_protocol_error`).' },
  'upstream.maxResponseBytes': { description: 'Largest non-streamed upstream answer (success or error, after decompression); past it 502 `upstream_response_too_large`.' },
  'upstream.idleSocketTimeoutMs': { description: "A pooled keep-alive connection idle this long is closed; keep it below the upstreams' own idle time-out." },
  'logging.level': { description: 'Least severe level written. Logs are JSON lines on stdout (pino), one per request; never keys or prompts.' },
  'providers[].package': { description: "npm name, resolved from the config file's folder (then the gateway's own dependencies), or a path (`./…`, `/…`) to a module or a plugin's folder, relative to the config file. One of `package` or `plugin`." },
  'providers[].plugin': { description: 'A plugin object instead of a package, when the gateway is embedded in a program (not from YAML).' },
  'providers[].id': { description: "Instance id that `models[].provider` names; defaults to the plugin's id. Two instances of one plugin need two ids.", default: "the plugin's id" },
  'providers[].settings': { description: "The plugin's settings, checked against its settings schema after `${VAR}` expansion (see Provider settings below)." },
  'providers[].routeUnlistedModels': { description: "Serve ids that match the plugin's model patterns (`gpt-*`, `claude-*`, …) without a `models` entry.", default: '`true`' },
  'models[].id': { description: 'The id clients send (and `/v1/models` lists).' },
  'models[].provider': { description: 'The provider instance id that serves it.' },
  'models[].upstreamModel': { description: "The vendor's model name sent upstream.", default: 'the `id`' },
  'models[].aliases': { description: 'More ids that reach this model.' },
  'models[].created': { description: 'Unix seconds shown by `/v1/models`.', default: "the provider's model card, else the gateway's start" },
  'models[].pricing': { description: "Prices in USD per million tokens, for usage costs and budgets; overrides the provider's model card. Unpriced models cost 0." },
  'models[].pricing.input': { description: 'USD per million prompt tokens.' },
  'models[].pricing.output': { description: 'USD per million completion tokens (reasoning included).' },
  'models[].pricing.cachedInput': { description: 'USD per million cached prompt tokens.', default: 'the `input` price' },
  'models[].displayName': { description: 'The name the catalog shows.', default: "the provider's model card" },
  'models[].contextWindow': { description: 'Tokens of context, for the catalog.', default: "the provider's model card" },
  'models[].maxOutputTokens': { description: 'The most a reply may generate: the catalog shows it, and a request without an output limit reserves it (at most 16,384) against TPM.', default: "the provider's model card" },
  'models[].capabilities': { description: "What the model can do through `/v1/chat/completions`, for the catalog; each flag overrides the card's." },
  'models[].capabilities.streaming': { description: 'Streams its answers.' },
  'models[].capabilities.tools': { description: 'Calls tools.' },
  'models[].capabilities.vision': { description: 'Takes images.' },
  'models[].capabilities.jsonSchema': { description: 'Follows `response_format: json_schema`.' },
  'models[].capabilities.reasoning': { description: 'Thinks before answering (`reasoning_effort`, reasoning tokens).' },
  'models[].pricing.cacheWrite': { description: 'USD per million prompt tokens written to a cache (Anthropic). Shown in the catalog; costs bill these tokens at the `input` price for now.' },
  'keys[].name': { description: 'Shown in logs and usage records instead of the key.' },
  'keys[].key': { description: 'The key itself, usually `"${MODELGATE_…_KEY}"`; only its SHA-256 digest is kept in memory. One of `key` or `keyHash`.' },
  'keys[].keyHash': { description: "`sha256:<hex>` of the key, for configs that must not contain it: `modelgate keys hash` prints it." },
  'keys[].models': { description: 'Model ids, aliases or globs the key may use (else 404 `model_not_found`).', default: 'all' },
  'keys[].endpoints': { description: 'Endpoints the key may call (else 403 `endpoint_not_permitted`).', default: 'all' },
  'keys[].families': { description: 'Provider families (`openai`, `anthropic`, …) the key may use.', default: 'all' },
  'keys[].rpm': { description: 'Requests per minute.', default: 'no limit' },
  'keys[].tpm': { description: 'Tokens per minute: estimated when a request is admitted, replaced by the real usage when it ends.', default: 'no limit' },
  'keys[].maxConcurrent': { description: 'Requests in flight at once; a stream counts until it ends.', default: 'no limit' },
  'keys[].budget': { description: "Spend cap: 429 `insufficient_quota` once the key's usage costs reach it in the period.", default: 'no budget' },
  'keys[].budget.usd': { description: 'The cap in USD.' },
  'keys[].budget.period': { description: '`day` and `month` are UTC calendar periods; `total` is the whole life of the key.' },
  'storage.driver': { description: '`sqlite`: an embedded file, for one process. `postgres`: shared by several replicas.' },
  'storage.path': { description: '(sqlite) The database file, relative to the config file, or `:memory:`.', default: '`modelgate.sqlite` in the data directory' },
  'storage.url': { description: '(postgres) Connection URL, e.g. `postgres://modelgate:secret@db:5432/modelgate`.' },
  'storage.schema': { description: '(postgres) Schema for the tables; created when missing.', default: '`modelgate`' },
  'redis.url': { description: 'Redis for rate limits shared by replicas, e.g. `redis://cache:6379`. Without `redis`, limits are counted in each process.' },
  'redis.keyPrefix': { description: 'Prefix of every Redis key the gateway writes; give each gateway fleet its own.', default: '`modelgate:`' },
  'redis.failurePolicy': { description: 'When Redis cannot be reached: `open` admits requests without rate limits, `closed` refuses them (503 `rate_limiter_unavailable`).', default: '`open`' },
  'admin.token': { description: 'The admin token for `/admin` (usually `"${MODELGATE_ADMIN_TOKEN}"`); only its digest is kept. Without `admin`, `/admin` is off. One of `token` or `tokenHash`.' },
  'admin.tokenHash': { description: '`sha256:<hex>` of the admin token: `modelgate keys hash` prints it.' },
  'usage.spoolFsync': { description: 'Flush each usage record to disk (fdatasync) as it is spooled, so records survive an OS crash or power loss too, at one disk flush per request.' },
};

/** Environment variables the gateway itself reads (a test compares this list with the source). */
export const GATEWAY_ENVIRONMENT_NOTES: Readonly<Record<string, string>> = {
  MODELGATE_CONFIG: 'The config file (`modelgate serve --config` takes precedence). Without one: the vendor profile when a vendor key is set, else the demo profile.',
  MODELGATE_DATA_DIR: "The data directory: the embedded SQLite store, the usage spool, rejected usage records. Default: `.modelgate` beside the config file; without a config, in the gateway package's folder. The server and the CLI resolve it alike and print it.",
  MODELGATE_PORT: 'Overrides `server.port`.',
  PORT: 'Overrides `server.port` when `MODELGATE_PORT` is not set.',
  MODELGATE_HOST: 'Overrides `server.host`.',
  MODELGATE_API_KEY: 'Without a config file: the one service key of the vendor or demo profile (else a new one is printed at each start).',
};
