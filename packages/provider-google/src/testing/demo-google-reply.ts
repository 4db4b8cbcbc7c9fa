import { isRecord, planDemoStep, type DemoToolOffer, type DemoTurn } from '@modelgate/testkit';
import type { GoogleScriptedReply } from './google-reply.js';

/** A function response's text: its `content` (how a plain-text result is wrapped), else the object as JSON. */
function responseText(response: unknown): string {
  if (isRecord(response) && typeof response.content === 'string') return response.content;
  return JSON.stringify(response ?? {});
}

/** The last content, the user's: a function response if it holds one, else its text. */
function lastTurn(contents: unknown): DemoTurn | undefined {
  const last = Array.isArray(contents) ? contents.at(-1) : undefined;
  if (!isRecord(last) || last.role === 'model' || !Array.isArray(last.parts)) return undefined;
  const parts = last.parts.filter(isRecord);
  const result = parts.findLast((part) => isRecord(part.functionResponse));
  if (result) return { kind: 'tool_result', text: responseText((result.functionResponse as Record<string, unknown>).response) };
  return { kind: 'user', text: parts.map((part) => (typeof part.text === 'string' && part.thought !== true ? part.text : '')).join('') };
}

function offeredTools(tools: unknown): DemoToolOffer[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) =>
    isRecord(tool) && Array.isArray(tool.functionDeclarations)
      ? tool.functionDeclarations.flatMap((declaration: unknown) =>
          isRecord(declaration) && typeof declaration.name === 'string' ? [{ name: declaration.name, parameters: declaration.parametersJsonSchema ?? declaration.parameters }] : [],
        )
      : [],
  );
}

/** Gemini's legacy schema spells types in capitals (`STRING`); the rule reads JSON Schema's. */
function lowerCaseTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerCaseTypes);
  if (!isRecord(schema)) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'type' && typeof value === 'string' ? value.toLowerCase() : lowerCaseTypes(value)]));
}

/**
 * The demo's answer to a generateContent request (`planDemoStep`, @modelgate/testkit): a
 * `functionCall` (signed by Google's rules, as any scripted call) or a quoted function response, or
 * undefined to echo. Only simulators started with `demoToolRule` use it.
 */
export function demoGoogleReply(body: unknown): GoogleScriptedReply | undefined {
  if (!isRecord(body)) return undefined;
  const turn = lastTurn(body.contents);
  const tools = offeredTools(body.tools).map((tool) => ({ name: tool.name, parameters: lowerCaseTypes(tool.parameters) }));
  const step = turn && planDemoStep(turn, tools);
  if (!step) return undefined;
  if (step.kind === 'text') return { parts: [{ text: step.text }] };
  return { parts: [{ functionCall: { name: step.name, args: { ...step.input } } }] };
}
