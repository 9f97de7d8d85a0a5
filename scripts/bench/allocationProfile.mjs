// Preloaded into a benchmark server to see what a move allocates, and what of it outlives the young
// generation (promoted objects: what makes scavenges and full collections cost):
//
//   SERVER_NODE_ARGS="--import ./scripts/bench/allocationProfile.mjs" ALLOCATION_PROFILE_DELAY_MS=40000 \
//     npm run bench:load -- --rooms 2000 --seconds 15 --dry-run
//
// V8's sampling heap profiler runs from ALLOCATION_PROFILE_DELAY_MS after the server starts, for
// ALLOCATION_PROFILE_SPAN_MS, and writes allocation-<pid>.heapprofile in the working directory (open
// it in Chrome DevTools, Memory tab). With ALLOCATION_PROFILE_PROMOTED=1 it leaves out the objects
// scavenges collected: what remains was promoted (or is still alive). Plain JavaScript, as it loads
// before tsx.
import fs from "node:fs";
import inspector from "node:inspector";

const delay = Number(process.env.ALLOCATION_PROFILE_DELAY_MS ?? 20_000);
const span = Number(process.env.ALLOCATION_PROFILE_SPAN_MS ?? 10_000);
const promotedOnly = process.env.ALLOCATION_PROFILE_PROMOTED === "1";
const session = new inspector.Session();
session.connect();

const stop = () =>
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) return console.error("allocation profile:", error.message);
    const file = `allocation-${process.pid}.heapprofile`;
    fs.writeFileSync(file, JSON.stringify(result.profile));
    console.error(`allocation profile written to ${file}`);
  });

setTimeout(() => {
  const options = { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !promotedOnly };
  session.post("HeapProfiler.startSampling", options, (error) => {
    if (error) return console.error("allocation profile:", error.message);
    setTimeout(stop, span).unref();
  });
}, delay).unref();
