import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import httpProxy from "http-proxy";
import { browserAvailable, readHand, useBrowserAndServer } from "./browser";
import { PHONE, startedRoom } from "./seated";

const SHOTS = "test-results/connection-refused";

/**
 * A network over its share of sockets (a carrier's shared address, a family's many tabs): the
 * server refuses the page's connection (server/socket/connectionGate.ts). A browser shows a refused
 * WebSocket nothing but a failure, so the page used to say "reconnecting" for as long as it lasted;
 * it now says why, keeps trying, and plays once a tab of the same network closes. A network that
 * blocks WebSockets (a company's proxy) gets long polling after a few tries.
 *
 * data-testids: connection-status[data-status], board.
 */
describe.runIf(browserAvailable("connection-refused.test.ts"))("a connection the server refuses", () => {
  // Three sockets per address: the test's own player socket, then two pages. Every socket here comes from 127.0.0.1.
  const env = useBrowserAndServer({ connectionLimits: { perAddress: 3, perAddressPerMinute: 200 } });
  mkdirSync(SHOTS, { recursive: true });

  it("says so on the phone, keeps trying, and plays once a tab closes", async () => {
    const { roomId, client } = await startedRoom(env.server.url);
    const context = await env.browser.newContext(PHONE);
    const open = async () => {
      const page = await context.newPage();
      await page.goto(`${env.server.url}/r/${roomId}`);
      return page;
    };
    const first = await open();
    const second = await open();
    for (const page of [first, second]) await expect.poll(() => page.getByTestId("connection-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("online");

    const third = await open();
    await expect.poll(() => third.getByTestId("connection-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("refused");
    expect(await third.getByTestId("connection-status").textContent()).toContain("Trop de connexions à Tablée depuis votre réseau");
    expect(await third.getByTestId("connection-status").isVisible()).toBe(true);
    await third.screenshot({ path: `${SHOTS}/refused-phone.png` });

    await first.close();
    await expect.poll(() => third.getByTestId("connection-status").getAttribute("data-status"), { timeout: 20_000 }).toBe("online");
    await third.getByTestId("board").waitFor();
    client.close();
    await context.close();
  });

  it("a network that blocks WebSockets: the page plays over long polling after a few tries", async () => {
    const { roomId, alice, client } = await startedRoom(env.server.url);
    client.close(); // the address's three sockets are the page's to use
    const proxy = await webSocketBlockingProxy(env.server.url);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${proxy.url}/r/${roomId}#${new URLSearchParams({ seat: alice }).toString()}`);
    await expect.poll(() => page.getByTestId("connection-status").getAttribute("data-status"), { timeout: 40_000 }).toBe("online");
    expect(proxy.refusedUpgrades()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => readHand(page).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/polling-phone.png` });
    await context.close();
    await proxy.close();
  });
});

/** A company proxy that passes HTTP through and refuses every WebSocket upgrade (403). */
async function webSocketBlockingProxy(target: string): Promise<{ url: string; refusedUpgrades(): number; close(): Promise<void> }> {
  const proxy = httpProxy.createProxyServer({ target });
  const server = http.createServer((request, response) =>
    proxy.web(request, response, {}, () => {
      response.statusCode = 502;
      response.end();
    }),
  );
  let refused = 0;
  server.on("upgrade", (_request, socket) => {
    refused++;
    socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refusedUpgrades: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
