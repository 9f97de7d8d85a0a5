-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "rooms" (
    "id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "creator_token_hash" TEXT NOT NULL,
    "seats" JSONB NOT NULL,
    "state" JSONB,
    "seed" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "move_number" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rooms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "room_moves" (
    "room_id" TEXT NOT NULL,
    "move_number" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "move" JSONB NOT NULL,
    "summary" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_moves_pkey" PRIMARY KEY ("room_id","move_number")
);

-- CreateIndex
CREATE INDEX "rooms_status_updated_at_idx" ON "rooms"("status", "updated_at");

-- AddForeignKey
ALTER TABLE "room_moves" ADD CONSTRAINT "room_moves_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

