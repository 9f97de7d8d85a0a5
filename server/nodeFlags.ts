/**
 * The Node (V8) flags the server runs with: in production (`npm start`, the Docker image) and
 * wherever it is started as a process of its own (integration tests, benchmarks, `npm run cluster`).
 *
 * A young generation of 64 MB per semi-space instead of V8's 16 MB. Under load a move spends tens to
 * hundreds of milliseconds in the server waiting for its batch to commit, and with the default size
 * everything a move holds meanwhile outlived two scavenges and was promoted: at the peak of
 * bench:load, scavenges copied or promoted about half of what they found, and took 18 % of the main
 * thread. With 64 MB they run a quarter as often and most of a move's objects die young (docs/perf.md).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=64"];
