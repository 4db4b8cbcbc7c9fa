import { rmSync } from 'node:fs';

export default function removeDataDirectory() {
  if (process.env.MODELGATE_DATA_DIR?.includes('modelgate-jest-')) rmSync(process.env.MODELGATE_DATA_DIR, { recursive: true, force: true });
}
