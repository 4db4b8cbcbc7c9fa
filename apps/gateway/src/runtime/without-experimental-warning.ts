type EmitWarning = (warning: string | Error, ...rest: unknown[]) => void;

function warningType(rest: readonly unknown[]): unknown {
  const [typeOrOptions] = rest;
  return typeof typeOrOptions === 'object' && typeOrOptions !== null ? (typeOrOptions as { type?: unknown }).type : typeOrOptions;
}

/**
 * Runs `load` (an import) with one warning silenced: the ExperimentalWarning that `feature` (e.g.
 * `SQLite`) prints when its built-in module loads. Node.js 22 prints it for node:sqlite at every
 * start and every CLI command, and an operator can do nothing about it. Every other warning passes.
 */
export async function withoutExperimentalWarning<T>(feature: string, load: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  const filtered: EmitWarning = (warning, ...rest) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (warningType(rest) === 'ExperimentalWarning' && text.startsWith(`${feature} is an experimental feature`)) return;
    (emitWarning as EmitWarning).call(process, warning, ...rest);
  };
  process.emitWarning = filtered as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emitWarning;
  }
}
