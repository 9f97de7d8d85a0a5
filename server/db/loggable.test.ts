import { describe, expect, it } from "vitest";
import { loggableError } from "./loggable";

/** node-postgres's error for a refused JSON parameter, as it was logged before (issue 32, point 6). */
class DatabaseError extends Error {
  readonly code = "22P02";
  readonly detail = "Unicode low surrogate must follow a high surrogate.";
  readonly where = 'JSON data, line 1: ...ng","seats":[{"kind":"human","nickname":"Mallory\\ud800...';
}

class PrismaClientUnknownRequestError extends Error {}

describe("what a log line says about a database error", () => {
  it("keeps the class, the SQLSTATE and the frames, and drops the message, detail and the quoted row", () => {
    const logged = loggableError(new DatabaseError("invalid input syntax for type json"));
    expect(logged.type).toBe("DatabaseError");
    expect(logged.codes).toEqual(["22P02"]);
    expect(logged.frames.length).toBeGreaterThan(0);
    expect(logged.frames.every((frame) => frame.startsWith("at "))).toBe(true);
    const line = JSON.stringify(logged);
    expect(line).not.toContain("Mallory");
    expect(line).not.toContain("nickname");
    expect(line).not.toContain("invalid input syntax");
  });

  it("follows the cause chain for codes, and never copies a message (Prisma renders the call in it)", () => {
    const error = new PrismaClientUnknownRequestError("Invalid `prisma.chatMessage.create()` invocation: text \"hello Mallory\"", {
      cause: Object.assign(new Error("db said no: Mallory"), { code: "23505" }),
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: "PrismaClientUnknownRequestError", codes: ["23505"] });
    expect(JSON.stringify(logged)).not.toContain("Mallory");
  });

  it("ignores a `code` that is not a code, and things that are not errors", () => {
    expect(loggableError(Object.assign(new Error("x"), { code: "Mallory wrote this" })).codes).toEqual([]);
    expect(loggableError("a string with Mallory")).toEqual({ type: "string", codes: [], frames: [] });
  });
});
