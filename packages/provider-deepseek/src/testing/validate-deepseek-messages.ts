import type { OpenAiProblem } from '@modelgate/provider-openai-compatible/testing';
import { badRequest } from './deepseek-errors.js';

/**
 * DeepSeek's message roles (its Rust deserializer's words). Source: 400 "Failed to deserialize the
 * JSON body into the target type: messages[1].role: unknown variant `developer`, expected one of
 * `system`, `user`, `assistant`, `tool`, `latest_reminder`" (BenedictKing/ccx#149, 2026-05-29;
 * decolua/9router#773; earendil-works/pi#1048). `latest_reminder` is DeepSeek's own, listed since
 * 2026-05.
 */
const ROLES = ['system', 'user', 'assistant', 'tool', 'latest_reminder'];

/**
 * Roles whose `content` DeepSeek takes only as a string: its vision release documents arrays of
 * parts for user messages only. Source: 400 "messages[N]: invalid type: sequence, expected a
 * string" for tool and system messages (Gitlawb/openclaude#774 and PR #806, 2026-04, DeepSeek V4;
 * for assistant turns marimo-team/marimo#7036, EvoScientist PR #77).
 */
const STRING_ONLY_ROLES = new Set(['system', 'tool', 'assistant']);

// DeepSeek ends these messages with " at line L column C" of the raw body; the simulator leaves
// that position out (tests match the message without it).
const PREFIX = 'Failed to deserialize the JSON body into the target type: ';

/** The first message DeepSeek could not deserialize, in its words, or undefined. */
export function validateDeepSeekMessages(messages: ReadonlyArray<Record<string, unknown>>): OpenAiProblem | undefined {
  for (const [index, message] of messages.entries()) {
    if (!ROLES.includes(message.role as string)) {
      return badRequest(`${PREFIX}messages[${index}].role: unknown variant \`${String(message.role)}\`, expected one of ${ROLES.map((role) => `\`${role}\``).join(', ')}`);
    }
    if (STRING_ONLY_ROLES.has(message.role as string) && Array.isArray(message.content)) {
      return badRequest(`${PREFIX}messages[${index}]: invalid type: sequence, expected a string`);
    }
  }
  return undefined;
}
