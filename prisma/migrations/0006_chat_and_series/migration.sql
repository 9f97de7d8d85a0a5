-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "series" JSONB;

-- CreateTable
CREATE TABLE "room_chat" (
    "id" BIGSERIAL NOT NULL,
    "room_id" TEXT NOT NULL,
    "seat" INTEGER,
    "role" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "text" TEXT,
    "phrase" TEXT,
    "client_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_chat_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "room_chat_room_id_id_idx" ON "room_chat"("room_id", "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "room_chat_room_id_client_id_key" ON "room_chat"("room_id", "client_id");

-- AddForeignKey
ALTER TABLE "room_chat" ADD CONSTRAINT "room_chat_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

