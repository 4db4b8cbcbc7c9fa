import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from '@jest/globals';

// Gateways that tests start without a `storage` section open the embedded store (a SQLite file) in
// MODELGATE_DATA_DIR. Each test file gets a folder of its own, so files running at once in
// different workers never share a database file or see each other's keys and usage. Jest gives
// every file its own copy of process.env; a folder set in the developer's shell is never used.
const directory = mkdtempSync(join(tmpdir(), 'modelgate-jest-'));
process.env.MODELGATE_DATA_DIR = directory;
afterAll(() => rmSync(directory, { recursive: true, force: true }));
