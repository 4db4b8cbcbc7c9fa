// Writes a generated doc, or with `--check` only compares it, exiting 1 when the committed file is
// stale. Shared by the generate-*.mjs scripts (run them after a build).
import { readFileSync, writeFileSync } from 'node:fs';

export function writeGeneratedDoc(target, expected, script) {
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== expected) {
      console.error(`${target} is stale: run node apps/gateway/scripts/${script}`);
      process.exit(1);
    }
    console.log(`${target} is current`);
  } else {
    writeFileSync(target, expected);
    console.log(`wrote ${target}`);
  }
}
