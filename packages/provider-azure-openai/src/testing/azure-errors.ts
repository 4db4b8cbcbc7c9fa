import type { ServerResponse } from 'node:http';
import { writeJsonBody } from '@modelgate/testkit';

/** An Azure OpenAI error answer: the status and the body exactly as Azure sends it. */
export interface AzureProblem {
  readonly status: number;
  readonly body: unknown;
}

export function sendAzureProblem(response: ServerResponse, problem: AzureProblem): void {
  writeJsonBody(response, problem.status, problem.body, { 'apim-request-id': crypto.randomUUID() });
}

// No key at all: API Management answers before the service, in its own shape (no `error` envelope).
// Seen by continuedev/continue#4601 (2025-03) and openai/openai-python#1527 (2024-07).
export const MISSING_KEY: AzureProblem = {
  status: 401,
  body: { statusCode: 401, message: 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.' },
};

// A wrong `api-key`: the code is the status as a string. SciSharp/BotSharp#386 (2024-04), semantic-kernel#10337 (2025-01).
export const INVALID_KEY: AzureProblem = {
  status: 401,
  body: {
    error: {
      code: '401',
      message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
    },
  },
};

// A bearer token Entra ID did not issue for this audience (Azure OpenAI's RBAC how-to, "Unauthorized" troubleshooting).
export const INVALID_TOKEN: AzureProblem = {
  status: 401,
  body: { error: { code: '401', message: 'Unauthorized. Access token is missing, invalid, audience is incorrect (https://cognitiveservices.azure.com), or have expired.' } },
};

// A classic path without (or with an unknown) `api-version`, or a path Azure does not serve: a bare 404.
// MicrosoftDocs/azure-docs#114602 (2023-09), CherryHQ/cherry-studio#8077 (2025-07), BerriAI/litellm#8572 (2025-02).
export const RESOURCE_NOT_FOUND: AzureProblem = { status: 404, body: { error: { code: '404', message: 'Resource not found' } } };

// A deployment name the resource does not have (classic path, or `model` on the v1 API).
// MicrosoftDocs/azure-docs#114013 (2023-08), chatwise-releases#992 (2025-08, on the v1 API).
export const DEPLOYMENT_NOT_FOUND: AzureProblem = {
  status: 404,
  body: {
    error: {
      code: 'DeploymentNotFound',
      message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
    },
  },
};

// A dated api-version on the v1 API, which takes none (chatwise-releases#992, 2025-08: "API version not supported").
export const API_VERSION_NOT_SUPPORTED: AzureProblem = { status: 400, body: { error: { code: 'BadRequest', message: 'API version not supported' } } };
