import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

// The client is built into dist/client and served by the fastify server in production.
// In development (`npm run dev:client`), API and socket calls are proxied to the server on :3000.
export default defineConfig({
  root,
  plugins: [svelte()],
  build: { outDir: fileURLToPath(new URL("../dist/client", import.meta.url)), emptyOutDir: true },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/healthz": "http://127.0.0.1:3000",
      "/socket.io": { target: "http://127.0.0.1:3000", ws: true },
    },
  },
});
