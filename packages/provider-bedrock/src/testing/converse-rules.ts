import type { AwsProblem } from './aws-errors.js';

// What Bedrock's Converse validation refuses before a model sees the request, in AWS's words. Each
// rule names where the wording was seen.

function validation(message: string): AwsProblem {
  return { status: 400, type: 'ValidationException', message };
}

// langchain-ai/langchain-aws#130, microsoft/semantic-kernel#10277 (Converse, 2024-08 and 2025-01).
const NOT_ALTERNATING = validation('A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.');
// The same validator's first-turn rule (strands-agents and langchain-aws reports of Converse, 2025).
const NOT_STARTING_WITH_USER = validation('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
// Tool blocks without the tools they belong to (Converse API, "Call a tool with the Converse API"; strands-agents/sdk-python reports, 2025).
const TOOLS_UNDEFINED = validation('The toolConfig field must be defined when using toolUse and toolResult content blocks.');
// The API reference's ImageBlock.format enum, in the framework's "1 validation error detected" form.
function imageFormat(at: string, value: unknown): AwsProblem {
  return validation(`1 validation error detected: Value '${String(value)}' at '${at}.image.format' failed to satisfy constraint: Member must satisfy enum value set: [gif, jpeg, png, webp]`);
}
// A blank text block (boto3 reports of Converse: "The text field in the ContentBlock object at messages.0.content.0 is blank").
function blankText(at: string): AwsProblem {
  return validation(`The text field in the ContentBlock object at ${at} is blank. Add text to the text field, and try again.`);
}

const CONTENT_MEMBERS = new Set(['text', 'image', 'toolUse', 'toolResult', 'reasoningContent', 'document', 'cachePoint', 'video', 'guardContent']);

/** The first problem Bedrock would report in a Converse body, or undefined. */
export function converseBodyProblem(body: unknown): AwsProblem | undefined {
  const request = (body ?? {}) as { messages?: unknown; toolConfig?: unknown };
  if (!Array.isArray(request.messages) || request.messages.length === 0) {
    return validation("1 validation error detected: Value null at 'messages' failed to satisfy constraint: Member must not be null");
  }
  let usesTools = false;
  for (const [index, message] of (request.messages as Array<{ role?: string; content?: unknown }>).entries()) {
    if (index === 0 && message.role !== 'user') return NOT_STARTING_WITH_USER;
    if (index > 0 && message.role === (request.messages as Array<{ role?: string }>)[index - 1]!.role) return NOT_ALTERNATING;
    for (const [position, block] of (Array.isArray(message.content) ? message.content : []).entries()) {
      const at = `messages.${index}.content.${position}`;
      const members = Object.keys(block as object);
      if (members.length !== 1 || !CONTENT_MEMBERS.has(members[0]!)) return validation(`1 validation error detected: Value at '${at}' failed to satisfy constraint: Member must have exactly one member set`);
      const typed = block as { text?: unknown; image?: { format?: unknown }; toolUse?: unknown; toolResult?: unknown };
      if (typeof typed.text === 'string' && typed.text.trim() === '') return blankText(at);
      if (typed.image && !['gif', 'jpeg', 'png', 'webp'].includes(String(typed.image.format))) return imageFormat(at, typed.image.format);
      if (typed.toolUse || typed.toolResult) usesTools = true;
    }
  }
  if (usesTools && request.toolConfig === undefined) return TOOLS_UNDEFINED;
  return undefined;
}
