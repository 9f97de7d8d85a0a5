-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "state_move_number" INTEGER NOT NULL DEFAULT 0;


-- Rooms saved before this migration hold their full state at their last move.
UPDATE "rooms" SET "state_move_number" = "move_number";
