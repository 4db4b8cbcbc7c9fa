#!/usr/bin/env node
// `modelgate serve` (or `start`, or no command) runs the gateway; `modelgate keys …` and
// `modelgate usage …` manage keys and read usage in the store the config names; `modelgate --help`.
// The version check comes first and alone: the rest needs a Node.js recent enough to import it.
import { exitIfNodeTooOld } from '../dist/runtime/node-version.js';

exitIfNodeTooOld();
const { runCli } = await import('../dist/cli/run-cli.js');
process.exitCode = await runCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
