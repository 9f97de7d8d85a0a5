import { describe, expect, it } from "vitest";
import { subscribeFailure } from "./devicePush";

const domError = (name: string, message: string): Error => Object.assign(new Error(message), { name });

describe("subscribeFailure", () => {
  it.each([
    [domError("AbortError", "Registration failed - push service not available"), "noPushService"],
    [domError("AbortError", "Registration failed - permission denied"), "refused"],
    [domError("NotAllowedError", "Permission denied."), "refused"],
    [domError("InvalidStateError", "A subscription with a different applicationServerKey already exists"), "failed"],
    ["not an error", "failed"],
  ])("%s → %s", (error, failure) => {
    expect(subscribeFailure(error)).toBe(failure);
  });
});
