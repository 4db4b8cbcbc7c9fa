export const FINISH_REASONS = ['stop', 'length', 'tool_calls', 'content_filter', 'function_call'] as const;

export type FinishReason = (typeof FINISH_REASONS)[number];
