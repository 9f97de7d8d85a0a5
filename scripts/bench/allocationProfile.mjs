// Preloaded into a benchmark server to see what a move allocates, and what of it outlives the young
// generation (promoted objects: what makes scavenges and full collections cost):
//
//   SERVER_NODE_ARGS="--import ./scripts/bench/allocationProfile.mjs" ALLOCATION_PROFILE_DELAY_MS=40000 \
//     npm run bench:load -- --rooms 2000 --seconds 15 --dry-run
//
// V8's sampling heap profiler runs from ALLOCATION_PROFILE_DELAY_MS after the server starts, for
// ALLOCATION_PROFILE_SPAN_MS, and writes allocation-<pid>.heapprofile in the working directory (open
// it in Chrome DevTools, Memory tab). ALLOCATION_PROFILE_DELAY_MS=signal starts it at a SIGUSR2
// instead: bench:load prints when each phase starts and the server pids, so a profile can be aimed at
// one phase (`kill -USR2 <pid>` a moment after "steady phase starts"). Modes:
//  - default: everything allocated;
//  - ALLOCATION_PROFILE_PROMOTED=1: leaves out what scavenges collected, so what remains was promoted
//    (what full collections then have to find);
//  - ALLOCATION_PROFILE_LIVE=1: only what is still alive when sampling stops, after a full collection
//    (what the rooms keep between moves).
// Plain JavaScript, as it loads before tsx.
import fs from "node:fs";
import inspector from "node:inspector";
import v8 from "node:v8";
import vm from "node:vm";

const delay = Number(process.env.ALLOCATION_PROFILE_DELAY_MS ?? 20_000);
const span = Number(process.env.ALLOCATION_PROFILE_SPAN_MS ?? 10_000);
const promotedOnly = process.env.ALLOCATION_PROFILE_PROMOTED === "1";
// Only what is still alive when sampling stops (after a full collection): what the rooms keep.
const liveOnly = process.env.ALLOCATION_PROFILE_LIVE === "1";
const session = new inspector.Session();
session.connect();

// Objects allocated since the last scavenge are not "collected by a minor GC" yet when sampling
// stops, so without one last scavenge up to a scavenge interval's worth of short-lived objects would
// count as promoted: two young-generation collections first (the second promotes what the first kept).
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc");
const stop = () => {
  if (promotedOnly || liveOnly) for (let i = 0; i < 2; i++) collect({ type: "minor", execution: "sync" });
  if (liveOnly) collect({ type: "major", execution: "sync" });
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) return console.error("allocation profile:", error.message);
    const file = `allocation-${process.pid}.heapprofile`;
    fs.writeFileSync(file, JSON.stringify(result.profile));
    console.error(`allocation profile written to ${file}`);
  });
};

const start = () => {
  const options = { samplingInterval: 4096, includeObjectsCollectedByMajorGC: !liveOnly, includeObjectsCollectedByMinorGC: !(promotedOnly || liveOnly) };
  session.post("HeapProfiler.startSampling", options, (error) => {
    if (error) return console.error("allocation profile:", error.message);
    setTimeout(stop, span).unref();
  });
};
// ALLOCATION_PROFILE_DELAY_MS=signal: from a SIGUSR2 instead (bench:load prints when each phase starts).
if (process.env.ALLOCATION_PROFILE_DELAY_MS === "signal") process.once("SIGUSR2", start);
else setTimeout(start, delay).unref();
