import type { ChatMessage } from '@modelgate/core';

type Part = { type: string; text?: string; refusal?: string };

/** The text of an array of parts: text (or refusal) blocks joined by blank lines, so blocks stay apart. */
function joinedText(parts: readonly Part[]): string {
  return parts.map((part) => (part.type === 'refusal' ? (part.refusal ?? '') : (part.text ?? ''))).join('\n\n');
}

/**
 * Messages as DeepSeek deserializes them (PROTOCOLS G.2): `developer` is `system` (DeepSeek knows no
 * `developer` role), and system, tool and assistant content goes as a string, its text blocks
 * joined by blank lines (DeepSeek takes arrays of parts on user messages only). User messages are
 * sent as they are. Returns the very array when nothing changes.
 */
export function convertToDeepSeekMessages(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  let changed = false;
  const converted = messages.map((message): ChatMessage => {
    if (message.role === 'user' || message.role === 'function') return message;
    const role = message.role === 'developer' ? 'system' : message.role;
    const content = Array.isArray(message.content) ? joinedText(message.content as Part[]) : message.content;
    if (role === message.role && content === message.content) return message;
    changed = true;
    return { ...message, role, content } as ChatMessage;
  });
  return changed ? converted : messages;
}
