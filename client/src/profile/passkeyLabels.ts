/**
 * The passkeys' labels as listed, those that several share numbered in the list's order (creation):
 * "Android (synced) #1", "Android (synced) #2". Two passkeys of one kind of device read alike, and the
 * remove button of each must say which it removes.
 */
export function distinctLabels(labels: readonly string[]): string[] {
  const total = new Map<string, number>();
  for (const label of labels) total.set(label, (total.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  return labels.map((label) => {
    if ((total.get(label) ?? 0) < 2) return label;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return `${label} #${n}`;
  });
}
