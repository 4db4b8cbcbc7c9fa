import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Gateways that tests start without a `storage` section open the embedded store in
// MODELGATE_DATA_DIR (else ./.modelgate). One temporary folder for the run; the workers inherit it.
export default function setUpDataDirectory() {
  process.env.MODELGATE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'modelgate-jest-'));
}
