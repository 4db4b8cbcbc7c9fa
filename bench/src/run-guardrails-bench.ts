import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPOSITORY_ROOT } from './targets/workspace-paths.js';

// `pnpm bench:guardrails`: the CPU the built-in guardrails cost one request, on a 4 KB prompt, in
// this process (no HTTP: the gateway's per-request cost is what the load bench measures). It loads
// the gateway's built guardrail code, so it measures what `pnpm bench` would run.

interface Matcher {
  find(text: string): Array<{ start: number; end: number; label: string }>;
}
interface GuardrailModules {
  piiMatcher(ids?: readonly string[]): Matcher;
  redactMatches(text: string, matches: ReturnType<Matcher['find']>): string;
  collectTexts(body: object, fields: readonly string[]): string[];
  replaceTexts<Body extends object>(body: Body, fields: readonly string[], texts: readonly string[]): Body;
}

const GUARDRAILS = join(REPOSITORY_ROOT, 'apps/gateway/dist/modules/guardrails');
const PROMPT_BYTES = 4096;
const WARMUP_MS = 500;
const MEASURE_MS = 2000;

async function loadGuardrails(): Promise<GuardrailModules> {
  const matcher = (await import(pathToFileURL(join(GUARDRAILS, 'text-matcher.js')).href)) as Pick<GuardrailModules, 'piiMatcher' | 'redactMatches'>;
  const texts = (await import(pathToFileURL(join(GUARDRAILS, 'front-texts.js')).href)) as Pick<GuardrailModules, 'collectTexts' | 'replaceTexts'>;
  return { ...matcher, ...texts };
}

/** English-like text of `bytes` characters, with numbers and punctuation, and `secrets` inserted. */
function prompt(bytes: number, secrets: readonly string[]): string {
  const sentence = 'Please summarise the quarterly report: revenue grew 12% to 4.2 million over 3 regions, see page 17. ';
  let text = '';
  for (let index = 0; text.length < bytes; index++) text += index % 7 === 3 && secrets[(index - 3) / 7] ? `${secrets[(index - 3) / 7]} ` : sentence;
  return text.slice(0, bytes);
}

/** Runs `work` for a while after a warm-up: microseconds of CPU (user + system) per call, and calls per second of one core. */
function measure(work: () => void): { microseconds: number; perSecond: number } {
  const until = (ms: number) => {
    const end = performance.now() + ms;
    let calls = 0;
    while (performance.now() < end) {
      work();
      calls++;
    }
    return calls;
  };
  until(WARMUP_MS);
  const before = process.cpuUsage();
  const calls = until(MEASURE_MS);
  const used = process.cpuUsage(before);
  const microseconds = (used.user + used.system) / calls;
  return { microseconds, perSecond: 1_000_000 / microseconds };
}

const guardrails = await loadGuardrails();
const all = guardrails.piiMatcher();
const clean = prompt(PROMPT_BYTES, []);
const dirty = prompt(PROMPT_BYTES, ['jane.doe@example.com', '4111 1111 1111 1111', 'sk-proj-abcdefghijklmnopqrstuvwxyz0123', '+44 20 7946 0958', 'GB82 WEST 1234 5698 7654 32']);
const chatBody = { model: 'bench', messages: [{ role: 'system', content: 'You are terse.' }, { role: 'user', content: dirty }] };

const cases: Array<[string, () => void]> = [
  ['every recogniser, a clean 4 KB prompt', () => void all.find(clean)],
  ['every recogniser, 4 KB with 5 findings, redacted', () => void guardrails.redactMatches(dirty, all.find(dirty))],
  ['a chat request: texts read, recognised, redacted, body rebuilt', () => {
    const texts = guardrails.collectTexts(chatBody, ['messages']);
    guardrails.replaceTexts(chatBody, ['messages'], texts.map((text) => guardrails.redactMatches(text, all.find(text))));
  }],
  ['cards only (payment-card), a clean 4 KB prompt', () => void guardrails.piiMatcher(['payment-card']).find(clean)],
];

process.stdout.write(`Guardrail recognisers per request (${PROMPT_BYTES} B prompt, ${MEASURE_MS / 1000} s each after ${WARMUP_MS} ms warm-up, node ${process.version})\n`);
process.stdout.write(`${'case'.padEnd(66)}${'CPU µs/request'.padStart(16)}${'requests/s/core'.padStart(18)}\n`);
for (const [label, work] of cases) {
  const { microseconds, perSecond } = measure(work);
  process.stdout.write(`${label.padEnd(66)}${microseconds.toFixed(1).padStart(16)}${Math.round(perSecond).toLocaleString('en-US').padStart(18)}\n`);
}
