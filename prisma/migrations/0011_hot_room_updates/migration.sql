-- A move's write should be a HOT update (heap-only tuple: no new entry in any index). It can be one
-- only when no indexed column changes and the row's page has room for the new version.
-- updated_at changes with every write, so the index that held it is replaced by one on created_at,
-- which is what the only query using it (stale lobbies: status = 'waiting' AND created_at < …) reads.

-- DropIndex
DROP INDEX "rooms_status_updated_at_idx";

-- CreateIndex
CREATE INDEX "rooms_status_created_at_idx" ON "rooms"("status", "created_at");

-- Leave a third of each page free for the next versions of its rows (not expressible in Prisma's schema).
ALTER TABLE "rooms" SET (fillfactor = 70);
