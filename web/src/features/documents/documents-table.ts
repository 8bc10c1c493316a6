import type { FileRecord } from '@nordlys/contract/file';
import { type MonthKey, monthKey } from '@nordlys/contract/timeline-month';

/** 'PDF' for report.pdf; null when the name has no extension (shown as 'unknown'). */
export function fileTypeLabel(fileName: string): string | null {
  const match = /\.([^./\\]+)$/.exec(fileName.trim());
  if (!match || match.index === 0) return null;
  return match[1]!.toUpperCase();
}

export interface DocumentGroup {
  /** The upload's month in the browser's time zone, where the timeline's is UTC. */
  key: MonthKey;
  /** Month name and year in the UI language, e.g. 'July 2024'. */
  label: string;
  files: FileRecord[];
}

/** Documents by upload month, newest month and newest upload first (core.md §2 Documents page). */
export function groupByUploadMonth(files: readonly FileRecord[], locale: string): DocumentGroup[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const sorted = [...files].sort(
    (a, b) => b.uploadedTime - a.uploadedTime || a.fileName.localeCompare(b.fileName, locale),
  );
  const groups: DocumentGroup[] = [];
  for (const file of sorted) {
    const date = new Date(file.uploadedTime * 1000);
    const key = monthKey({ year: date.getFullYear(), month: date.getMonth() + 1 });
    const last = groups[groups.length - 1];
    if (last?.key === key) last.files.push(file);
    else groups.push({ key, label: format.format(date), files: [file] });
  }
  return groups;
}
