-- AlterTable
ALTER TABLE "room_moves" ADD COLUMN     "stand_in" TEXT;

-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "deadline_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "rooms_deadline_at_idx" ON "rooms"("deadline_at");
