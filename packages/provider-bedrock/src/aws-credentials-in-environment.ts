import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether the AWS default chain has something to read without asking the network: keys in the
 * environment, a profile, web identity (EKS), the ECS container endpoint, or the shared
 * `credentials`/`config` files. The instance metadata service (EC2) is not probed: a start-up
 * must not wait on a link-local address on every machine; there, name a profile or a config file.
 */
export function awsCredentialsInEnvironment(env: Env): boolean {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) return true;
  if (env.AWS_PROFILE || env.AWS_WEB_IDENTITY_TOKEN_FILE || env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI) return true;
  const home = env.HOME || homedir();
  const sharedFiles = [env.AWS_SHARED_CREDENTIALS_FILE || join(home, '.aws', 'credentials'), env.AWS_CONFIG_FILE || join(home, '.aws', 'config')];
  return sharedFiles.some((file) => existsSync(file));
}
