// The Gemini API (Generative Language API, `v1beta`) wire format, field names verbatim
// (PROTOCOLS E.2–E.5). The REST surface is proto3-JSON: answers omit default values, so every
// field of an answer is optional here and read with guards.

/** One piece of a `Content`: exactly one data field, plus metadata (`thought`, `thoughtSignature`). */
export interface GooglePart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  /** `id` is always present from Gemini 3, usually absent from 2.x (E.7). */
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  /** `response` must be a JSON object (a Struct). */
  /** `parts`: images (inlineData or fileData parts) the function returned, Gemini 3+ (E.2). */
  functionResponse?: { id?: string; name: string; response: Record<string, unknown>; parts?: GooglePart[] };
  /** The part is a thought summary (only with `includeThoughts`). */
  thought?: boolean;
  /** Opaque; returned exactly as received, on the part that carried it (E.7). */
  thoughtSignature?: string;
  [field: string]: unknown;
}

export type GoogleRole = 'user' | 'model';

export interface GoogleContent {
  role?: GoogleRole;
  parts: GooglePart[];
}

export interface GoogleFunctionDeclaration {
  name: string;
  description?: string;
  /** JSON Schema as the client wrote it (`v1beta`, E.6). */
  parametersJsonSchema?: Record<string, unknown>;
  /** Google's legacy `Schema` subset (E.6), for the API versions without `parametersJsonSchema`. */
  parameters?: Record<string, unknown>;
}

export interface GoogleTool {
  functionDeclarations?: GoogleFunctionDeclaration[];
  [field: string]: unknown;
}

export type GoogleFunctionCallingMode = 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED';

export interface GoogleToolConfig {
  functionCallingConfig: { mode: GoogleFunctionCallingMode; allowedFunctionNames?: string[] };
}

export type GoogleThinkingLevel = 'MINIMAL' | 'LOW' | 'MEDIUM' | 'HIGH';

/** Never both `thinkingLevel` and `thinkingBudget` (a 400, E.2). */
export interface GoogleThinkingConfig {
  thinkingLevel?: GoogleThinkingLevel;
  thinkingBudget?: number;
  includeThoughts?: boolean;
}

export interface GoogleGenerationConfig {
  maxOutputTokens?: number;
  stopSequences?: string[];
  temperature?: number;
  topP?: number;
  topK?: number;
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: 'text/plain' | 'application/json';
  responseJsonSchema?: Record<string, unknown>;
  responseSchema?: Record<string, unknown>;
  thinkingConfig?: GoogleThinkingConfig;
  [field: string]: unknown;
}

/** The body of `:generateContent` and `:streamGenerateContent` (the model is in the URL). */
export interface GoogleGenerateContentRequest {
  contents: GoogleContent[];
  systemInstruction?: { role?: string; parts: GooglePart[] };
  tools?: GoogleTool[];
  toolConfig?: GoogleToolConfig;
  generationConfig?: GoogleGenerationConfig;
  safetySettings?: Array<{ category?: string; threshold?: string }>;
  cachedContent?: string;
  [field: string]: unknown;
}

/** Every `finishReason` the API documents (E.3). */
export const GOOGLE_FINISH_REASONS = [
  'FINISH_REASON_UNSPECIFIED',
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'MALFORMED_FUNCTION_CALL',
  'IMAGE_SAFETY',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
  'IMAGE_PROHIBITED_CONTENT',
  'NO_IMAGE',
  'IMAGE_RECITATION',
  'IMAGE_OTHER',
  'MISSING_THOUGHT_SIGNATURE',
  'MALFORMED_RESPONSE',
] as const;

export type GoogleFinishReason = (typeof GOOGLE_FINISH_REASONS)[number];

export interface GoogleCandidate {
  content?: { role?: string; parts?: GooglePart[] };
  finishReason?: string;
  /** Why, for `MALFORMED_FUNCTION_CALL` and the like. */
  finishMessage?: string;
  index?: number;
}

/** Cumulative in streams; a later chunk may omit a field an earlier one had (E.4, F.8). */
export interface GoogleUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
  [field: string]: unknown;
}

export interface GoogleGenerateContentResponse {
  candidates?: GoogleCandidate[];
  /** Set, with no candidates, when the prompt itself was blocked (HTTP 200, E.3). */
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GoogleUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

/** `{error: {code, message, status, details}}` (E.5). */
export interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; reason?: string; retryDelay?: string; [field: string]: unknown }>;
  };
}
