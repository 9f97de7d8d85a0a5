import { describe, expect, it } from "vitest";
import webPush from "web-push";
import type { PrismaClient } from "../db/generated/client";
import { loadVapidKeys, publicKeyOf } from "./keys";

const unused = {} as PrismaClient; // configured keys never touch the database

describe("VAPID keys", () => {
  it("derives the public key of a private one as web-push makes them", () => {
    const pair = webPush.generateVAPIDKeys();
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
  });

  it("takes a configured pair as it is, and refuses one whose halves do not belong together", async () => {
    const pair = webPush.generateVAPIDKeys();
    await expect(loadVapidKeys(unused, { keys: pair, subject: "mailto:a@b.invalid" })).resolves.toEqual({ ...pair, subject: "mailto:a@b.invalid" });
    const other = webPush.generateVAPIDKeys();
    await expect(loadVapidKeys(unused, { keys: { publicKey: other.publicKey, privateKey: pair.privateKey }, subject: "mailto:a@b.invalid" })).rejects.toThrow(/not the public half/u);
  });
});
