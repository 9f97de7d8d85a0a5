import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The JS engine with the pg driver adapter: no native Prisma engine is downloaded, so this works offline.
export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test" });
  },
});
