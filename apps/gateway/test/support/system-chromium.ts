import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The system's Chromium (Debian's `chromium`, which `.ci/run` installs): browser tests drive it
 * through playwright-core and never download a browser. `MODELGATE_CHROMIUM` points elsewhere.
 * In CI a missing browser fails the run; on a developer's machine the browser tests are skipped.
 */
export function systemChromium(): string | undefined {
  const found = [process.env.MODELGATE_CHROMIUM, ...CANDIDATES].find((path): path is string => Boolean(path && existsSync(path)));
  if (!found && process.env.CI) throw new Error('No Chromium found (install Debian\'s chromium, as .ci/run does, or set MODELGATE_CHROMIUM)');
  if (!found) console.warn('browser tests skipped: no Chromium (apt-get install chromium, or set MODELGATE_CHROMIUM)');
  return found;
}
