import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPaint } from "./afterPaint";

describe("afterPaint", () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const paint = (): void => {
    const due = frames;
    frames = [];
    for (const frame of due) frame();
  };

  it("runs in a task after the next frame, not in the frame itself, and once", () => {
    const then = vi.fn();
    afterPaint(then);
    vi.advanceTimersByTime(10);
    expect(then).not.toHaveBeenCalled(); // no frame yet
    paint();
    expect(then).not.toHaveBeenCalled(); // the frame paints first
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("runs anyway when no frame comes (a hidden page)", () => {
    const then = vi.fn();
    afterPaint(then, 200);
    vi.advanceTimersByTime(199);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("never runs once cancelled", () => {
    const then = vi.fn();
    const cancel = afterPaint(then);
    cancel();
    paint();
    vi.advanceTimersByTime(1000);
    expect(then).not.toHaveBeenCalled();
  });
});
