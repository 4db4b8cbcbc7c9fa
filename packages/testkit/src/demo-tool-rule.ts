import { isRecord } from './is-record.js';

// The demo's tool rule: how a simulator started for a demo (never a vendor-fidelity test) lets an
// agent (Codex, Claude Code, an SDK's tool loop) show a tool round trip offline. It is the same
// for every vendor; each simulator only reads its own wire format into a `DemoTurn` and writes the
// `DemoStep` back in it. Documented in docs/demo.md, which is what a newcomer reads.

/** A function tool the request offers: its name and the JSON Schema of its parameters. */
export interface DemoToolOffer {
  readonly name: string;
  readonly parameters: unknown;
}

/** The conversation's last turn, as the rule reads it. */
export type DemoTurn =
  /** The user spoke last: the text of that message. */
  | { readonly kind: 'user'; readonly text: string }
  /** The client sent a tool's result back: its text. */
  | { readonly kind: 'tool_result'; readonly text: string };

/** What the demo model does: call one tool with one string argument, or answer. */
export type DemoStep =
  | { readonly kind: 'call'; readonly name: string; readonly input: Readonly<Record<string, string>> }
  | { readonly kind: 'text'; readonly text: string };

/** Parameter names that make a tool a shell: Claude Code's `Bash` (`command`), Codex's `exec_command` (`cmd`). */
const SHELL_PARAMETERS = ['command', 'cmd'];
/** The longest tool output the answer quotes. */
const QUOTED_OUTPUT_CHARS = 400;

function stringParameters(schema: unknown): { names: string[]; required: string[] } {
  if (!isRecord(schema) || !isRecord(schema.properties)) return { names: [], required: [] };
  const properties = schema.properties;
  const names = Object.keys(properties).filter((name) => isRecord(properties[name]) && properties[name].type === 'string');
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string' && names.includes(name)) : [];
  return { names, required };
}

/** The last text in backticks (`` `echo hi` ``), where a user's prompt ends: Claude Code puts its reminders before it. */
function lastBacktickText(text: string): string | undefined {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)];
  return spans.at(-1)?.[1];
}

/** The first shell among the offered tools, else the first tool, with the parameter the text goes in. */
function chooseTool(tools: readonly DemoToolOffer[]): { name: string; parameter: string } | undefined {
  for (const tool of tools) {
    const shellParameter = stringParameters(tool.parameters).names.find((name) => SHELL_PARAMETERS.includes(name));
    if (shellParameter) return { name: tool.name, parameter: shellParameter };
  }
  const first = tools[0];
  if (!first) return undefined;
  const { names, required } = stringParameters(first.parameters);
  const parameter = required[0] ?? names[0];
  return parameter ? { name: first.name, parameter } : undefined;
}

/**
 * The demo model's next step, or undefined to answer as the simulator always does (`Echo: …`):
 * - the user's last message has text in backticks and the request offers tools: call the first
 *   offered shell (a tool with a `command` or `cmd` string parameter), else the first tool, with
 *   that text as its `command`/`cmd` (else its first required string parameter, else its first);
 * - a tool's result came back: answer `Tool result: <its output>` (collapsed, at most 400 characters).
 */
export function planDemoStep(turn: DemoTurn, tools: readonly DemoToolOffer[]): DemoStep | undefined {
  if (turn.kind === 'tool_result') {
    const output = turn.text.replace(/\s+/g, ' ').trim();
    const quoted = output.length > QUOTED_OUTPUT_CHARS ? `${output.slice(0, QUOTED_OUTPUT_CHARS)}…` : output;
    return { kind: 'text', text: `Tool result: ${quoted}` };
  }
  const argument = lastBacktickText(turn.text);
  const tool = argument === undefined ? undefined : chooseTool(tools);
  if (argument === undefined || !tool) return undefined;
  return { kind: 'call', name: tool.name, input: { [tool.parameter]: argument } };
}
