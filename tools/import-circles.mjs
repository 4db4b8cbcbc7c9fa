// Finds import circles for tools/check-layering.mjs: a file that, through its imports, ends up
// importing itself (type-only imports count too: a circle of types is still two files that cannot be
// read, moved or tested one without the other). Plain Node ESM with no dependency, like its caller.

/**
 * The source file a relative import names, or undefined when it names none of `sources` (an asset,
 * a generated file). TypeScript sources import each other by their emitted name (`./a.js` for
 * `a.ts`), or by a folder for its index.
 * @param {string} target root-relative, normalised path the specifier points at
 * @param {ReadonlySet<string>} sources root-relative paths of every source file
 */
export function resolveSource(target, sources) {
  const emitted = target.replace(/\.([cm]?)js$/, '.$1ts');
  const candidates = [target, emitted, emitted.replace(/\.ts$/, '.tsx'), `${target}.ts`, `${target}/index.ts`, `${target}/index.js`];
  return candidates.find((candidate) => sources.has(candidate));
}

/**
 * One circle per strongly connected group of `edges`, each as the list of its nodes from the
 * group's first node (by name, so the report is stable) back to it along the shortest way round.
 * @param {ReadonlyMap<string, readonly string[]>} edges node → the nodes it imports
 * @returns {string[][]} e.g. [['a.ts', 'b.ts', 'a.ts']]
 */
export function findImportCircles(edges) {
  return stronglyConnectedGroups(edges)
    .filter((group) => group.length > 1 || (edges.get(group[0]) ?? []).includes(group[0]))
    .map((group) => shortestCircleThrough([...group].sort()[0], new Set(group), edges))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** Tarjan's algorithm, iterative so a long import chain cannot overflow the stack. */
function stronglyConnectedGroups(edges) {
  const index = new Map();
  const lowLink = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        lowLink.set(parent, Math.min(lowLink.get(parent), lowLink.get(frame.node)));
      }
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** Breadth-first from `start` inside its group, back to `start`. */
function shortestCircleThrough(start, group, edges) {
  const cameFrom = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of edges.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const circle = [start];
        for (let step = node; step !== start; step = cameFrom.get(step)) circle.splice(1, 0, step);
        return [...circle, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
