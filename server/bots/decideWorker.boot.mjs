// Entry of a bot thread. A worker thread does not inherit tsx's module hooks on Node 20 ("Unknown
// file extension .ts"), so it registers tsx itself before importing the TypeScript task.
import { register } from "tsx/esm/api";

register();
const task = await import("./decideWorker.ts");

export default task.default;
