-- A table across games (issue 34): the rooms "play again" chained make one table, named by its first
-- room's id. The chat is read by table, and each message keeps its writer's colour at the table
-- (seats rotate from game to game, colours do not).

-- Rooms already chained: each later game gets its table in its series (the first room's id, found by
-- walking previousRoomId back). A chain whose first room is gone starts at its oldest room left.
WITH RECURSIVE chain (id, table_id) AS (
  SELECT r.id, r.id FROM "rooms" r
  WHERE r."series" IS NULL
     OR r."series"->>'previousRoomId' IS NULL
     OR NOT EXISTS (SELECT 1 FROM "rooms" p WHERE p.id = r."series"->>'previousRoomId')
  UNION ALL
  SELECT r.id, chain.table_id FROM "rooms" r JOIN chain ON r."series"->>'previousRoomId' = chain.id
)
UPDATE "rooms" r SET "series" = jsonb_set(r."series", '{tableId}', to_jsonb(chain.table_id))
FROM chain
WHERE r.id = chain.id AND chain.table_id <> r.id AND r."series" IS NOT NULL;

-- DropIndex
DROP INDEX "room_chat_room_id_id_idx";

-- AlterTable: filled from the rooms, then required.
ALTER TABLE "room_chat" ADD COLUMN     "colour" INTEGER,
ADD COLUMN     "table_id" TEXT;

-- A message's colour is its seat number then (colours are seat numbers until a seat rotates), carried
-- to the seat's colour where the room already wrote colours down.
UPDATE "room_chat" c SET
  "table_id" = COALESCE(r."series"->>'tableId', r.id),
  "colour" = CASE WHEN c."seat" IS NULL THEN NULL ELSE COALESCE((r."seats"->c."seat"->>'colour')::int, c."seat") END
FROM "rooms" r
WHERE r.id = c."room_id";

ALTER TABLE "room_chat" ALTER COLUMN "table_id" SET NOT NULL;

-- CreateIndex
CREATE INDEX "room_chat_table_id_id_idx" ON "room_chat"("table_id", "id" DESC);
