let scratch = new Float64Array(0);

/** k-th smallest (0-based) by in-place quickselect; afterwards every a[j] with j > k is >= a[k]. */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const x = a[lo] ?? 0;
    const y = a[(lo + hi) >>> 1] ?? 0;
    const z = a[hi] ?? 0;
    // Median of three keeps sorted and reverse-sorted series linear.
    const pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] ?? 0) < pivot) i++;
      while ((a[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const swap = a[i] ?? 0;
        a[i] = a[j] ?? 0;
        a[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break; // a[j+1..i-1] all equal the pivot, and k is among them
  }
  return a[k] ?? 0;
}

/**
 * The p-th percentile (0–100) by linear interpolation between closest ranks, h = (n-1)·p/100:
 * numpy's default and R's type 7. Works on a copy in O(n), leaving `values` untouched; 0 for no values.
 */
export function percentile(values: Float64Array, p: number): number {
  const n = values.length;
  if (n === 0) return 0;
  const h = ((n - 1) * Math.min(100, Math.max(0, p))) / 100;
  const k = Math.floor(h);
  // A scratch buffer kept between calls: a fresh 8 MB copy per million rows invites a full GC.
  if (scratch.length < n) scratch = new Float64Array(n);
  const copy = scratch.subarray(0, n);
  copy.set(values);
  const lower = select(copy, k);
  if (h === k) return lower;
  let upper = Number.POSITIVE_INFINITY;
  for (let j = k + 1; j < n; j++) upper = Math.min(upper, copy[j] ?? upper);
  return lower + (h - k) * (upper - lower);
}
