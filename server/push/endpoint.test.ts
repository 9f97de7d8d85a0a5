import { describe, expect, it } from "vitest";
import { pushEndpointAllowed } from "./endpoint";

describe("push endpoints the server will send to", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/xyz",
    "https://web.push.apple.com/QGh",
    "https://8.8.8.8/push",
  ])("takes a public https push service: %s", (endpoint) => {
    expect(pushEndpointAllowed(endpoint, false)).toBe(true);
  });

  it.each([
    "http://fcm.googleapis.com/fcm/send/abc", // not https
    "https://localhost/x",
    "https://127.0.0.1/x",
    "https://10.1.2.3/x",
    "https://172.20.0.5/x",
    "https://192.168.1.1/x",
    "https://169.254.169.254/latest/meta-data", // cloud metadata
    "https://[::1]/x",
    "https://[fd00::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://db.internal/x",
    "not a url",
  ])("refuses %s", (endpoint) => {
    expect(pushEndpointAllowed(endpoint, false)).toBe(false);
  });

  it("takes a local http endpoint when told to (tests, a push service of one's own)", () => {
    expect(pushEndpointAllowed("http://127.0.0.1:4000/push", true)).toBe(true);
  });
});
