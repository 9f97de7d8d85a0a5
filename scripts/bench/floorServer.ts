/**
 * The floor for `npm run bench:load -- --floor`: the least a server can do for the same load shape.
 * socket.io 4.8 and pg, no game, no views: a move is one durable INSERT (concurrent moves batched
 * into one statement, up to 4 batches in flight, like Tablée's group commit; same synchronous_commit,
 * same pool size), then one small broadcast to the room's sockets. It speaks just enough of Tablée's
 * protocol for the benchmark driver (POST /api/rooms, room:watch, seat:claim, game:start, game:move).
 */
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { Server } from "socket.io";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query("CREATE TABLE IF NOT EXISTS floor_moves (room_id text, move_number int, seat int, move jsonb, PRIMARY KEY (room_id, move_number))");

type Pending = { row: object; done: (error?: unknown) => void };
let queue: Pending[] = [];
let inFlight = 0;
function pump(): void {
  while (inFlight < 4 && queue.length > 0) {
    const batch = queue.splice(0, 500);
    inFlight++;
    pool
      .query("INSERT INTO floor_moves SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(room_id text, move_number int, seat int, move jsonb)", [JSON.stringify(batch.map((p) => p.row))])
      .then(() => batch.forEach((p) => p.done()), (error: unknown) => batch.forEach((p) => p.done(error)))
      .finally(() => {
        inFlight--;
        pump();
      });
  }
}
const commit = (row: object) => new Promise<void>((resolve, reject) => {
  queue.push({ row, done: (error) => (error ? reject(error) : resolve()) });
  pump();
});

const rooms = new Map<string, { moveNumber: number; turn: number }>();
// A push is a stamp on the room part the watch answer gave (Tablée's pushes during play are the same
// shape, see RoomPush), so the driver reads both servers' pushes alike (version, move number, turn, hand).
const push = (id: string, room: { moveNumber: number; turn: number }) => ({
  room: { id, version: room.moveNumber, moveNumber: room.moveNumber },
  roomRevision: "floor",
  currentSeats: [room.turn],
  views: [{ seat: null, view: { hand: [{ shape: "circle", color: "red" }] } }],
  log: [],
});
const snapshot = (id: string, room: { moveNumber: number; turn: number }, seat: number | null) => ({
  ...push(id, room),
  room: { id, version: room.moveNumber, moveNumber: room.moveNumber, status: "playing", seats: [] },
  you: { seats: [seat], creator: false },
});
const http = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/api/rooms") return void response.writeHead(404).end();
  request.resume().on("end", () => {
    const roomId = randomBytes(16).toString("base64url");
    rooms.set(roomId, { moveNumber: 0, turn: 0 });
    response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ roomId, creatorToken: "floor-creator-token" }));
  });
});
const io = new Server(http);
type Ack = (response: unknown) => void;
io.on("connection", (socket) => {
  socket.on("room:watch", ({ roomId, seatTokens }: { roomId: string; seatTokens: string[] }, ack: Ack) => {
    const room = rooms.get(roomId);
    if (!room) return ack({ ok: false, error: { code: "ROOM_NOT_FOUND" } });
    void socket.join(roomId);
    const seat = seatTokens[0] === undefined ? null : Number(seatTokens[0].split(".").pop());
    ack({ ok: true, snapshot: snapshot(roomId, room, seat) });
  });
  socket.on("seat:claim", ({ roomId, seat }: { roomId: string; seat: number }, ack: Ack) => ack({ ok: true, seat, seatToken: `${roomId}.${seat}` }));
  socket.on("game:start", ({ roomId }: { roomId: string }, ack: Ack) => {
    const room = rooms.get(roomId);
    if (room) io.to(roomId).emit("room:snapshot", push(roomId, room));
    ack({ ok: true });
  });
  socket.on("game:move", async ({ roomId, seat, move }: { roomId: string; seat: number; move: unknown }, ack: Ack) => {
    const room = rooms.get(roomId);
    if (!room || room.turn !== seat) return ack({ ok: false, error: { code: "NOT_YOUR_TURN" } });
    const moveNumber = room.moveNumber + 1;
    await commit({ room_id: roomId, move_number: moveNumber, seat, move });
    room.moveNumber = moveNumber;
    room.turn = (seat + 1) % 4;
    io.to(roomId).emit("room:snapshot", push(roomId, room));
    ack({ ok: true, moveNumber });
  });
});
http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = http.address();
  console.log(`floor server ready at http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`);
});
// Exit through process.exit on SIGTERM so --cpu-prof and other exit-time probes write their files.
process.on("SIGTERM", () => process.exit(0));
