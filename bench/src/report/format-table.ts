/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const isNumeric = (text: string) => /^[-+]?[\d.]+%?$|^–$/.test(text);
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (isNumeric(cell) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** A number with fixed decimals, or an en dash when there is none. */
export function formatNumber(value: number | undefined, decimals = 0): string {
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(decimals);
}
