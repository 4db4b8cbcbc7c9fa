import { bareProxyTarget } from './bare-proxy-target.js';
import { TARGET_NAMES, type BenchTarget, type TargetName } from './bench-target.js';
import { builtCheckout, workspaceCheckout } from './checkout.js';
import { directTarget } from './direct-target.js';
import { modelgateTarget } from './modelgate-target.js';
import { portkeyTarget } from './portkey-target.js';

/** Names that select several targets at once. */
const TARGET_GROUPS: Readonly<Record<string, readonly TargetName[]>> = {
  modelgate: ['modelgate got', 'modelgate undici'],
  baseline: ['baseline got', 'baseline undici'],
};

/** Every ratio is to the bare proxy and every added latency also to direct, so both always run. */
const ALWAYS: readonly TargetName[] = ['direct', 'bare proxy'];

const BASELINE_TARGETS: readonly TargetName[] = TARGET_GROUPS.baseline!;

/** Target names and groups as the flags take them, resolved; an unknown name throws. */
export function resolveTargetNames(names: readonly string[]): Set<TargetName> {
  const named = new Set<TargetName>();
  for (const name of names) {
    const group = TARGET_GROUPS[name] ?? (TARGET_NAMES.includes(name as TargetName) ? [name as TargetName] : undefined);
    if (!group) throw new Error(`no target '${name}'; known: ${[...TARGET_NAMES, ...Object.keys(TARGET_GROUPS)].join(', ')}`);
    for (const target of group) named.add(target);
  }
  return named;
}

/**
 * The targets to run, in report order: direct and the bare proxy always; the others named (all
 * when none are); the baseline's only with `--baseline`, then both unless some are named.
 */
export function selectTargets(names: readonly string[] | undefined, baselineRoot: string | undefined): BenchTarget[] {
  const named = names ? resolveTargetNames(names) : new Set(TARGET_NAMES.filter((name) => !BASELINE_TARGETS.includes(name)));
  if (baselineRoot === undefined) {
    const orphan = BASELINE_TARGETS.find((name) => named.has(name));
    if (orphan) throw new Error(`'${orphan}' needs --baseline <dir>`);
  } else if (!BASELINE_TARGETS.some((name) => named.has(name))) {
    for (const name of BASELINE_TARGETS) named.add(name);
  }
  for (const name of ALWAYS) named.add(name);
  const workspace = workspaceCheckout();
  const baseline = baselineRoot === undefined ? undefined : builtCheckout(baselineRoot);
  const build: Record<TargetName, () => BenchTarget> = {
    direct: () => directTarget,
    'bare proxy': () => bareProxyTarget,
    'modelgate got': () => modelgateTarget('modelgate got', 'got', workspace),
    'modelgate undici': () => modelgateTarget('modelgate undici', 'undici', workspace),
    'baseline got': () => modelgateTarget('baseline got', 'got', baseline!),
    'baseline undici': () => modelgateTarget('baseline undici', 'undici', baseline!),
    portkey: () => portkeyTarget,
  };
  return TARGET_NAMES.filter((name) => named.has(name)).map((name) => build[name]());
}
