import { vi } from "vitest";

/** For unit tests of code that keeps things in localStorage: an empty one in memory (returned), and a window that takes events. */
export function stubStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  });
  vi.stubGlobal("window", { dispatchEvent: () => true });
  return store;
}
