import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./nodeFlags";

const root = new URL("..", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

describe("the server's Node flags", () => {
  it("are those `npm start` and the Docker image run it with", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start ?? "";
    const dockerCmd = /^CMD (.*)$/mu.exec(read("Dockerfile"))?.[1] ?? "";
    for (const flag of SERVER_NODE_FLAGS) {
      expect(start.split(" ")).toContain(flag);
      expect(JSON.parse(dockerCmd)).toContain(flag);
    }
  });
});
