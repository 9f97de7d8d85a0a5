import { describe, expect, it } from "vitest";
import { canShare, shareLink } from "./share";

const message = { title: "Qwirkle on Tablée", text: "Come and play" };

describe("sharing the room's link", () => {
  it("is offered only where the browser has a share sheet", () => {
    expect(canShare({ share: async () => undefined })).toBe(true);
    expect(canShare({})).toBe(false);
  });

  it("gives the share sheet the title, the sentence and the link", async () => {
    const calls: ShareData[] = [];
    const result = await shareLink({ share: async (data) => void calls.push(data ?? {}) }, message, "https://t.example/r/abc");
    expect(result).toBe("shared");
    expect(calls).toEqual([{ title: "Qwirkle on Tablée", text: "Come and play", url: "https://t.example/r/abc" }]);
  });

  it.each([
    [new DOMException("closed", "AbortError"), "cancelled"],
    [new DOMException("no target", "NotAllowedError"), "failed"],
    [new DOMException("bad data", "DataError"), "failed"],
    [new TypeError("share is not a function"), "failed"],
  ])("tells a closed sheet (%s) from a refusal", async (error, expected) => {
    const refusing = { share: () => Promise.reject(error) };
    expect(await shareLink(refusing, message, "https://t.example/r/abc")).toBe(expected);
  });
});
