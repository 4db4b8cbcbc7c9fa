import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from '@modelgate/provider-azure-openai/testing';
import { startBedrockSimulator, type BedrockSimulator } from '@modelgate/provider-bedrock/testing';
import { startVertexSimulator, type VertexSimulator } from '@modelgate/provider-vertex/testing';
import { MAIN_SCRIPT, spawnGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-operator-chosen-key-cloud-hosts-1234';
const AZURE_KEY = 'azure-key-from-environment';
const AWS_KEYS = { AWS_ACCESS_KEY_ID: 'AKIAPROFILEPROCESS01', AWS_SECRET_ACCESS_KEY: 'profile-process-secret' };
const BEDROCK_MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const VERTEX_MODEL = 'claude-sonnet-4-5@20250929';

function chat(url: string, model: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: `hello ${model}` }] }),
  });
}

// `npm start` (the built entry, no config file) picks each cloud host from its usual variables:
// Azure's endpoint and key, AWS's region with credentials the AWS chain finds, Google's project and
// key file. Each serves a request against its simulator; AWS_REGION alone serves no Bedrock.
describe('cloud hosts in the vendor profile of npm start (issue 32)', () => {
  let directory: string;
  let home: string;
  let gateway: GatewayProcess | undefined;
  let azure: AzureOpenAiSimulator;
  let bedrock: BedrockSimulator;
  let vertex: VertexSimulator;
  let keyFile: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-cloud-profiles-'));
    home = join(directory, 'home');
    await mkdir(home);
    azure = await startAzureOpenAiSimulator({ apiKey: AZURE_KEY, deployments: { 'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14' } });
    bedrock = await startBedrockSimulator({ region: 'us-east-1', credentials: [{ accessKeyId: AWS_KEYS.AWS_ACCESS_KEY_ID, secretAccessKey: AWS_KEYS.AWS_SECRET_ACCESS_KEY }], models: { [BEDROCK_MODEL]: 'claude-sonnet-4-5' } });
    vertex = await startVertexSimulator({ project: 'test-project', models: { [VERTEX_MODEL]: 'claude-sonnet-4-5' }, geminiModels: ['gemini-2.5-flash'] });
    keyFile = join(directory, 'service-account.json');
    await writeFile(keyFile, JSON.stringify(vertex.serviceAccount.keyFile), { mode: 0o600 });
  });
  afterEach(async () => {
    await gateway?.terminate();
    gateway = undefined;
  });
  afterAll(async () => {
    await Promise.all([azure?.close(), bedrock?.close(), vertex?.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  const baseEnv = (name: string) => ({ PORT: '0', HOME: home, MODELGATE_DATA_DIR: join(directory, name), MODELGATE_API_KEY: SERVICE_KEY });

  it('serves Azure OpenAI, Bedrock, Claude and Gemini on Vertex from their variables', async () => {
    gateway = await spawnGatewayProcess([MAIN_SCRIPT], {
      name: 'cloud',
      env: {
        ...baseEnv('cloud'),
        AZURE_OPENAI_ENDPOINT: azure.url,
        AZURE_OPENAI_API_KEY: AZURE_KEY,
        AWS_REGION: 'us-east-1',
        ...AWS_KEYS,
        AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
        GOOGLE_CLOUD_PROJECT: 'test-project',
        GOOGLE_APPLICATION_CREDENTIALS: keyFile,
        GOOGLE_VERTEX_BASE_URL: vertex.url,
      },
    });
    expect((await chat(gateway.url, 'gpt-4.1-mini')).status).toBe(200);
    expect(azure.requests.at(-1)).toMatchObject({ path: '/openai/v1/chat/completions', headers: { 'api-key': AZURE_KEY }, body: { model: 'gpt-4.1-mini' } });

    expect((await chat(gateway.url, BEDROCK_MODEL)).status).toBe(200);
    expect(bedrock.requests.at(-1)!.path).toBe(`/model/${encodeURIComponent(BEDROCK_MODEL)}/invoke`);
    expect(bedrock.requests.at(-1)!.headers.authorization).toContain(`Credential=${AWS_KEYS.AWS_ACCESS_KEY_ID}/`);

    // Claude on Vertex at the default location (global); Gemini through the second instance, named since Google's own provider is not in the way.
    expect((await chat(gateway.url, `vertex/${VERTEX_MODEL}`)).status).toBe(200);
    expect(vertex.requests.at(-1)!.path).toBe(`/v1/projects/test-project/locations/global/publishers/anthropic/models/${encodeURIComponent(VERTEX_MODEL)}:rawPredict`);
    const gemini = await chat(gateway.url, 'vertex-gemini/gemini-2.5-flash');
    expect(gemini.status).toBe(200);
    expect(vertex.requests.at(-1)!.path).toBe('/v1/projects/test-project/locations/global/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(gateway.output()).not.toContain(AZURE_KEY);
    expect(gateway.output()).not.toContain(AWS_KEYS.AWS_SECRET_ACCESS_KEY);
  });

  it('AWS_REGION without AWS credentials, or Azure’s key without its endpoint, serves no host', async () => {
    gateway = await spawnGatewayProcess([MAIN_SCRIPT], {
      name: 'partial',
      env: { ...baseEnv('partial'), AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url, AZURE_OPENAI_API_KEY: AZURE_KEY, DEEPSEEK_API_KEY: 'sk-deepseek-unused' },
    });
    expect((await chat(gateway.url, BEDROCK_MODEL)).status).toBe(404);
    expect((await chat(gateway.url, 'gpt-4.1-mini')).status).toBe(404);
    // A shared credentials file is what the AWS chain reads: with one, the same variables serve Bedrock.
    await gateway.terminate();
    await mkdir(join(home, '.aws'));
    await writeFile(join(home, '.aws', 'credentials'), `[default]\naws_access_key_id = ${AWS_KEYS.AWS_ACCESS_KEY_ID}\naws_secret_access_key = ${AWS_KEYS.AWS_SECRET_ACCESS_KEY}\n`, { mode: 0o600 });
    gateway = await spawnGatewayProcess([MAIN_SCRIPT], { name: 'shared-file', env: { ...baseEnv('shared-file'), AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url } });
    expect((await chat(gateway.url, BEDROCK_MODEL)).status).toBe(200);
    expect(bedrock.requests.at(-1)!.headers.authorization).toContain(`Credential=${AWS_KEYS.AWS_ACCESS_KEY_ID}/`);
  });
});
