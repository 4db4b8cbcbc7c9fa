import type { ModelList, ModelObject } from '@modelgate/core';
import type { OpenAiProblem } from './openai-errors.js';

export const DEFAULT_OPENAI_MODELS: readonly string[] = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini'];

/** A fixed date, so listings are deterministic. */
const MODEL_CREATED = 1744329600;

export function modelObject(id: string): ModelObject {
  return { id, object: 'model', created: MODEL_CREATED, owned_by: 'system' };
}

export function modelList(ids: readonly string[]): ModelList {
  return { object: 'list', data: ids.map(modelObject) };
}

export function modelNotFound(id: string): OpenAiProblem {
  return { status: 404, message: `The model '${id}' does not exist`, param: 'model', code: 'model_not_found' };
}
