/**
 * Calls `then` once, in a task of its own after the browser has painted what is on screen now: the
 * next animation frame, then a timer (a frame's callbacks run before its paint). A hidden page
 * gets no frames, so a second timer calls it anyway after `latestMs`. Returns a cancel function.
 *
 * Why: a room's first screen was one long task (the whole page rendered when the snapshot
 * arrived); drawing the board first and the rest in a second task lets the board paint sooner and
 * keeps each task shorter (issue 31: Lighthouse's Total Blocking Time and LCP on a phone).
 */
export function afterPaint(then: () => void, latestMs = 200): () => void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    cancel();
    then();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, latestMs);
  function cancel(): void {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}
