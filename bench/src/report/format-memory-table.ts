import { TARGET_NAMES } from '../targets/bench-target.js';
import type { BenchReport } from './bench-report.js';
import { formatNumber, formatTable } from './format-table.js';
import { soakPoints } from './soak-points.js';

const HEADERS = ['target', 'idle at start', 'idle after requests', 'open streams', 'RSS with them open', 'soak start → middle → end', 'soak slices', 'soak requests'];

/** Per target: RSS idle, with the open streams held, and across the soak (MB). */
export function formatMemoryTable(report: BenchReport): string {
  const rows = TARGET_NAMES.filter((target) => target !== 'direct' && report.targets.includes(target)).map((target) => {
    const idle = report.idleMemory.find((entry) => entry.target === target);
    const streams = report.openStreams.find((entry) => entry.target === target);
    const soak = report.soaks.find((entry) => entry.target === target);
    const points = soak && soakPoints(soak);
    return [
      target,
      formatNumber(idle?.rssAtStartMegabytes, 1),
      formatNumber(idle?.rssAfterRequestsMegabytes, 1),
      streams ? `${streams.open} (${streams.failed} failed)` : '–',
      streams ? `${streams.rssBeforeMegabytes.toFixed(1)} → ${streams.rssOpenMegabytes.toFixed(1)}` : '–',
      points ? `${points.start.toFixed(0)} → ${points.middle.toFixed(0)} → ${points.end.toFixed(0)}` : '–',
      soak ? soak.rssSamplesMegabytes.map((value) => value.toFixed(0)).join(' ') : '–',
      soak ? `${soak.requests} in ${soak.seconds} s` : '–',
    ];
  });
  return [
    'Memory (RSS, MB; idle: 2 s after start, and 2 s after one request of each scenario; open streams and soak on a restarted process,',
    ' the streams held by the simulator, the soak OpenAI chat stream at c=32 in ten slices):',
    formatTable(HEADERS, rows),
  ].join('\n');
}
