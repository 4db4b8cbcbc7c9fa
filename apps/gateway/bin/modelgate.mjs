#!/usr/bin/env node
// `modelgate` or `modelgate start` runs the gateway; `modelgate keys …` and `modelgate usage …`
// manage keys and read usage in the store named by the config (MODELGATE_CONFIG or --config).
const [command] = process.argv.slice(2);
if (command === undefined || command === 'start') {
  await import('../dist/main.js');
} else {
  const { runCli } = await import('../dist/cli/run-cli.js');
  process.exitCode = await runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr });
}
