-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "timer" JSONB;

