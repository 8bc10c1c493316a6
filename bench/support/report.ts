export interface BenchRow {
  name: string;
  figure: string;
  target: string;
  /** null for figures printed for context, with no target of their own. */
  pass: boolean | null;
}

export function printTable(rows: BenchRow[]): void {
  const header = { name: 'benchmark', figure: 'figure', target: 'target', pass: 'result' };
  const cells = [
    header,
    ...rows.map((r) => ({ ...r, pass: r.pass === null ? '' : r.pass ? 'pass' : 'FAIL' })),
  ];
  const width = (key: keyof typeof header) => Math.max(...cells.map((c) => String(c[key]).length));
  const w = { name: width('name'), figure: width('figure'), target: width('target'), pass: width('pass') };
  const line = (c: (typeof cells)[number]) =>
    `${String(c.name).padEnd(w.name)}  ${String(c.figure).padStart(w.figure)}  ${String(c.target).padEnd(w.target)}  ${c.pass}`;
  console.log(line(cells[0]!));
  console.log('-'.repeat(w.name + w.figure + w.target + w.pass + 6));
  for (const c of cells.slice(1)) console.log(line(c));
}

export const mib = (bytes: number) => bytes / (1024 * 1024);
export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** Nearest-rank percentile: a value that was measured, never an interpolation (p 50 of 3 is the middle one). */
export const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The middle run of an odd number of runs (the lower middle of an even one): a measured value. */
export const median = (values: number[]) => percentile(values, 50);
