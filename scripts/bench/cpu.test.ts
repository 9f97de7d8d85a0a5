import { describe, expect, it } from "vitest";
import { hostCpuOf, stolenPercent } from "./cpu";

describe("the machine's stolen CPU", () => {
  const stat = (user: number, idle: number, steal: number) => `cpu  ${user} 0 10 ${idle} 5 0 2 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n`;

  it("reads the total and the steal column of /proc/stat's first line", () => {
    expect(hostCpuOf(stat(100, 400, 30))).toEqual({ total: 100 + 10 + 400 + 5 + 2 + 30, stolen: 30 });
  });

  it("gives the share stolen between two readings, in percent", () => {
    expect(stolenPercent(hostCpuOf(stat(100, 400, 30)), hostCpuOf(stat(160, 420, 50)))).toBe(20);
    expect(stolenPercent(hostCpuOf(stat(100, 400, 30)), hostCpuOf(stat(100, 400, 30)))).toBe(0);
  });
});
