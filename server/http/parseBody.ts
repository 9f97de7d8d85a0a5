import type { z } from "zod";
import { TableeError } from "../../shared/protocol";

/** The body, or BAD_REQUEST naming the first problem and where it is ("subscription.keys.auth: …"). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join(".") ?? "";
  throw new TableeError("BAD_REQUEST", `${where ? `${where}: ` : ""}${issue?.message ?? "bad request"}`);
}
