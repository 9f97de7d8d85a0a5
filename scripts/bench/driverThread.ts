import { parentPort, workerData } from "node:worker_threads";
import { LoadDriver } from "./driver";
import type { DriverReply, DriverRequest } from "./threads";

/** A driver thread of LoadGenerator (threads.ts): its LoadDriver answers the main thread's calls. */
const driver = new LoadDriver((workerData as { urls: string[] }).urls);

async function answer(request: DriverRequest): Promise<unknown> {
  switch (request.op) {
    case "addRooms":
      return driver.addRooms(...request.args);
    case "warm":
      return driver.warm(...request.args);
    case "steady":
      return driver.steady(...request.args);
    case "peak":
      return driver.peak(...request.args);
    case "offered":
      return driver.offered(...request.args);
    case "receivedBytes":
      return driver.receivedBytes;
    case "close":
      return driver.close();
  }
}

parentPort!.on("message", (request: DriverRequest) => {
  answer(request).then(
    (value) => parentPort!.postMessage({ id: request.id, value } satisfies DriverReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies DriverReply),
  );
});
