import { defineConfig } from "vitest/config";

// Three projects, run in this order by `npm test`: fast pure tests, then tests against a real
// database and running servers, then the browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "server/**/*.test.ts", "client/src/**/*.test.ts", "client/build/**/*.test.ts", "scripts/**/*.test.ts", "test/static/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
