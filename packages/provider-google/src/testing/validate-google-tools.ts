import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';
import { validateJsonSchema, validateLegacySchema } from './validate-google-schema.js';

const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const DECLARATION_FIELDS = new Set(['name', 'description', 'parameters', 'parametersJsonSchema', 'response', 'responseJsonSchema', 'behavior']);
const MODES = new Set(['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED']);

function checkDeclaration(declaration: unknown, path: string, jsonSchemaFields: boolean): GoogleProblem | undefined {
  if (!isRecord(declaration)) return invalidGoogleArgument(`Invalid value at '${path}'`);
  const unknown = Object.keys(declaration).find((key) => !DECLARATION_FIELDS.has(key) || (!jsonSchemaFields && key.endsWith('JsonSchema')));
  if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}" at '${path}': Cannot find field.`);
  if (typeof declaration.name !== 'string' || !FUNCTION_NAME.test(declaration.name)) {
    return invalidGoogleArgument(`* GenerateContentRequest.${path}.name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.`);
  }
  if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
    return invalidGoogleArgument(`* GenerateContentRequest.${path}: parameters and parameters_json_schema cannot both be set.`);
  }
  if (declaration.parameters !== undefined) return validateLegacySchema(declaration.parameters, `${path}.parameters`);
  if (declaration.parametersJsonSchema !== undefined) return validateJsonSchema(declaration.parametersJsonSchema, `${path}.parameters_json_schema`);
  return undefined;
}

/**
 * `tools` and `toolConfig` as Google checks them (PROTOCOLS E.2, E.6): function names, one schema
 * field per declaration, legacy schemas key by key, JSON Schema fields only on `v1beta`, calling
 * modes and `allowedFunctionNames` that name declared functions. Returns the declared names too.
 */
export function validateGoogleTools(body: Record<string, unknown>, jsonSchemaFields: boolean): GoogleProblem | undefined {
  const names = new Set<string>();
  const tools = body.tools === undefined ? [] : body.tools;
  if (!Array.isArray(tools)) return invalidGoogleArgument("Invalid value at 'tools'");
  for (const [toolIndex, tool] of tools.entries()) {
    if (!isRecord(tool)) return invalidGoogleArgument(`Invalid value at 'tools[${toolIndex}]'`);
    const declarations = Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [];
    for (const [index, declaration] of declarations.entries()) {
      const problem = checkDeclaration(declaration, `tools[${toolIndex}].function_declarations[${index}]`, jsonSchemaFields);
      if (problem) return problem;
      names.add(String((declaration as { name: unknown }).name));
    }
  }
  const config = isRecord(body.toolConfig) && isRecord(body.toolConfig.functionCallingConfig) ? body.toolConfig.functionCallingConfig : undefined;
  if (config === undefined) return undefined;
  if (config.mode !== undefined && !MODES.has(String(config.mode))) {
    return invalidGoogleArgument(`Invalid value at 'tool_config.function_calling_config.mode' (type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode), "${String(config.mode)}"`);
  }
  const allowed = Array.isArray(config.allowedFunctionNames) ? config.allowedFunctionNames : [];
  const stray = allowed.find((name) => !names.has(String(name)));
  if (stray !== undefined) return invalidGoogleArgument(`* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: Function "${String(stray)}" is not declared in tools.`);
  if (allowed.length > 0 && config.mode !== 'ANY' && config.mode !== 'VALIDATED') {
    return invalidGoogleArgument('* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: allowed_function_names should only be set when the mode is ANY or VALIDATED.');
  }
  return undefined;
}
