import { describe, expect, it } from "vitest";
import { passkeyLabel } from "./passkeyLabel";

describe("passkeyLabel", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", true, "iPhone (synced)"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8)", false, "Android"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)", false, "Mac"],
    ["Mozilla/5.0 (X11; Linux x86_64)", false, "Linux"],
    [undefined, false, "device"],
  ] as const)("%s → %s", (userAgent, backedUp, label) => {
    expect(passkeyLabel(userAgent, backedUp)).toBe(label);
  });
});
