-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "lease_owner" TEXT,
ADD COLUMN     "lease_until" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "rooms_status_lease_until_idx" ON "rooms"("status", "lease_until");

