// What a loaded server keeps live per player, from the two heap snapshots `HEAP_SNAPSHOT=1 npm run
// bench:load` has each server write (warm, then loaded; Heap.*.heapsnapshot in the working directory):
//
//   node --max-old-space-size=6000 scripts/bench/heapDiff.mjs WARM.heapsnapshot LOADED.heapsnapshot PLAYERS_ADDED
//
// Prints the live heap's growth per player, by V8 node kind and name, then plain objects by their
// first property names (which of a room's or a socket's objects they are). A snapshot is taken after
// a full collection, so unlike the RSS it counts only what is kept, not the young generation's size.
import fs from "node:fs";

function read(file) {
  const snap = JSON.parse(fs.readFileSync(file, "utf8"));
  const meta = snap.snapshot.meta;
  const N = meta.node_fields.length;
  const E = meta.edge_fields.length;
  const [iType, iName, iSize, iEdges] = ["type", "name", "self_size", "edge_count"].map((f) => meta.node_fields.indexOf(f));
  const [eType, eName] = ["type", "name_or_index"].map((f) => meta.edge_fields.indexOf(f));
  const kinds = new Map();
  const shapes = new Map();
  const add = (map, key, size) => {
    const entry = map.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += size;
    map.set(key, entry);
  };
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += N) {
    const type = meta.node_types[0][snap.nodes[i + iType]];
    const name = snap.strings[snap.nodes[i + iName]];
    const size = snap.nodes[i + iSize];
    const edges = snap.nodes[i + iEdges];
    add(kinds, `${type}:${type.includes("string") ? name.slice(0, 24).replace(/[0-9]/g, "#") : name.slice(0, 50)}`, size);
    if (type === "object" && name === "Object") {
      const names = [];
      for (let e = edge; e < edge + edges * E && names.length < 8; e += E) if (meta.edge_types[0][snap.edges[e + eType]] === "property") names.push(snap.strings[snap.edges[e + eName]]);
      add(shapes, `{${names.join(",")}}`, size);
    }
    edge += edges * E;
  }
  return { kinds, shapes };
}

const [warmFile, loadedFile, playersText] = process.argv.slice(2);
const players = Number(playersText);
if (!warmFile || !loadedFile || !(players > 0)) throw new Error("usage: heapDiff.mjs WARM LOADED PLAYERS_ADDED");
const warm = read(warmFile);
const loaded = read(loadedFile);
function growth(before, after) {
  const rows = [...after].map(([key, v]) => [key, v.size - (before.get(key)?.size ?? 0), v.count - (before.get(key)?.count ?? 0)]);
  return rows.sort((a, b) => b[1] - a[1]);
}
const kinds = growth(warm.kinds, loaded.kinds);
const total = kinds.reduce((sum, row) => sum + row[1], 0);
console.log(`live heap growth: ${(total / players).toFixed(0)} B per player (${(total / 2 ** 20).toFixed(1)} MB over ${players} players)`);
for (const [key, size, count] of kinds.slice(0, 25)) console.log(`${(size / players).toFixed(0).padStart(7)} B ${(count / players).toFixed(2).padStart(7)} per player  ${key}`);
console.log("plain objects by property names:");
for (const [key, size, count] of growth(warm.shapes, loaded.shapes).slice(0, 15)) console.log(`${(size / players).toFixed(0).padStart(7)} B ${(count / players).toFixed(2).padStart(7)} per player  ${key}`);
