/**
 * A line diff for a chapter's revision history: which lines a revision removed and added against
 * the current text. Longest common subsequence over the lines between the shared head and tail;
 * past LCS_CELLS (a huge rewrite) the middle is shown as removed then added, which is still true.
 */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

const LCS_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (text: string): DiffLine => ({ kind: "same", text });
  const middle = midA.length * midB.length > LCS_CELLS ? replaced(midA, midB) : lcsDiff(midA, midB);
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

function replaced(a: string[], b: string[]): DiffLine[] {
  return [
    ...a.map((text): DiffLine => ({ kind: "removed", text })),
    ...b.map((text): DiffLine => ({ kind: "added", text })),
  ];
}

function lcsDiff(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS of a[i..] and b[j..], in one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lengths[at(i, j)] =
        a[i] === b[j]
          ? lengths[at(i + 1, j + 1)]! + 1
          : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i += 1;
      j += 1;
    } else if (lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!) {
      out.push({ kind: "removed", text: a[i]! });
      i += 1;
    } else {
      out.push({ kind: "added", text: b[j]! });
      j += 1;
    }
  }
  while (i < n) out.push({ kind: "removed", text: a[i++]! });
  while (j < m) out.push({ kind: "added", text: b[j++]! });
  return out;
}

/**
 * "Merge" after a conflict: every line of both texts in diff order (shared lines once, each
 * side's own lines where they stood), so nothing either side wrote is lost; the author tidies.
 */
export function mergeTexts(theirs: string, mine: string): string {
  if (theirs === mine) return mine;
  return lineDiff(theirs, mine)
    .map((line) => line.text)
    .join("\n");
}
