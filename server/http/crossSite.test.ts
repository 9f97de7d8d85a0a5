import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./crossSite";

describe("crossSiteRefusal", () => {
  const host = "tablee.example";
  it.each([
    [{ host }, null], // a script: no browser, no victim's cookie
    [{ host, origin: "https://tablee.example", "sec-fetch-site": "same-origin" }, null],
    [{ host, "sec-fetch-site": "none" }, null], // typed by the user
    [{ host, origin: "https://tablee.example" }, null], // an older browser without fetch metadata
    [{ host, origin: "https://evil.example", "sec-fetch-site": "cross-site" }, "Sec-Fetch-Site: cross-site"],
    [{ host, origin: "https://app.tablee.example", "sec-fetch-site": "same-site" }, "Sec-Fetch-Site: same-site"],
    [{ host, origin: "https://evil.example" }, "Origin https://evil.example"],
    [{ host, origin: "null" }, "Origin null"], // a sandboxed frame or a data: page
  ] as const)("%o → %s", (headers, refusal) => {
    expect(crossSiteRefusal(headers, [])).toBe(refusal);
  });

  it("lets the configured other origins through", () => {
    expect(crossSiteRefusal({ host, origin: "https://partner.example", "sec-fetch-site": "cross-site" }, ["https://partner.example"])).toBeNull();
  });
});
