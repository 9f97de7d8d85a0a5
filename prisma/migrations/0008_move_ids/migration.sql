-- AlterTable
ALTER TABLE "room_moves" ADD COLUMN     "move_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "room_moves_room_id_move_id_key" ON "room_moves"("room_id", "move_id");

