import type { CreateKeyInput } from '../admin/key-service.js';
import type { BudgetPeriod, GatewayEndpoint } from '../config/gateway-config.js';

/** The `keys create` flags as parseArgs returns them. */
export interface KeyFlags {
  name?: string;
  owner?: string;
  models?: string;
  families?: string;
  guardrails?: string;
  endpoints?: string;
  expires?: string;
  rpm?: string;
  tpm?: string;
  'max-concurrent'?: string;
  'budget-usd'?: string;
  'budget-period'?: string;
  'responses-other-families'?: string;
  disabled?: boolean;
}

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
const integer = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const DAY_MS = 86_400_000;

/**
 * `30d` (from now) or an ISO 8601 date-time, later than now: a key issued already expired is a typo
 * (`2025` for `2026`), and would be refused at its first use with nothing to say why.
 */
function expiry(value: string | undefined, now: number): string | undefined {
  const days = value && /^(\d+)d$/.exec(value);
  if (days) {
    if (Number(days[1]) === 0) throw new Error('--expires 0d would issue a key that is already expired: give at least 1d, or a date-time later than now');
    return new Date(now + Number(days[1]) * DAY_MS).toISOString();
  }
  const at = value === undefined ? Number.NaN : Date.parse(value);
  if (!Number.isNaN(at) && at <= now) throw new Error(`--expires ${value} is in the past (now is ${new Date(now).toISOString()}): give a later date-time, or a number of days such as 30d`);
  return value;
}

/** Flags to the same input the admin API takes; the key service validates it. */
export function toCreateKeyInput(flags: KeyFlags, now = Date.now()): CreateKeyInput {
  const input: CreateKeyInput = {
    name: flags.name ?? '',
    owner: flags.owner,
    models: list(flags.models),
    families: list(flags.families),
    guardrails: list(flags.guardrails),
    endpoints: list(flags.endpoints) as GatewayEndpoint[] | undefined,
    expiresAt: expiry(flags.expires, now),
    rpm: integer(flags.rpm),
    tpm: integer(flags.tpm),
    maxConcurrent: integer(flags['max-concurrent']),
    budget: flags['budget-usd'] === undefined ? undefined : { usd: Number(flags['budget-usd']), period: (flags['budget-period'] ?? 'month') as BudgetPeriod },
    responsesOtherFamilies: flags['responses-other-families'] as CreateKeyInput['responsesOtherFamilies'],
    disabled: flags.disabled,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as CreateKeyInput;
}
