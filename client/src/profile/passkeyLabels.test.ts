import { describe, expect, it } from "vitest";
import { distinctLabels } from "./passkeyLabels";

describe("distinctLabels", () => {
  it("numbers only the labels several passkeys share, in the list's order", () => {
    expect(distinctLabels(["Android (synced)", "Windows", "Android (synced)", "Device", "Device"])).toEqual([
      "Android (synced) #1",
      "Windows",
      "Android (synced) #2",
      "Device #1",
      "Device #2",
    ]);
  });

  it("leaves a single passkey's label as it is", () => {
    expect(distinctLabels(["iPhone (synced)"])).toEqual(["iPhone (synced)"]);
  });
});
