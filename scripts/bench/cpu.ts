import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

interface ProcessStats {
  readonly rssBytes: number;
  readonly cpuSeconds: number;
  /**
   * Write system calls so far (write, writev, sendmsg…: `syscw` in /proc/<pid>/io). Each socket write
   * is one; unlike CPU time, their count per move does not depend on how busy the machine is.
   */
  readonly writeCalls: number;
}

/** CPU seconds (user + system) a process has used so far, its resident memory and its write calls; zeros once it is gone. */
export function processStats(pid: number): ProcessStats {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKb = Number(/VmRSS:\s+(\d+)/u.exec(status)?.[1] ?? 0);
    const writeCalls = Number(/syscw:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
    return { rssBytes: rssKb * 1024, cpuSeconds: cpuTicks(pid) / 100, writeCalls };
  } catch {
    return { rssBytes: 0, cpuSeconds: 0, writeCalls: 0 };
  }
}

/** Memory, CPU time and write calls of several processes, summed. */
export function procStats(pids: readonly number[]): ProcessStats {
  const each = pids.map(processStats);
  const sum = (key: keyof ProcessStats) => each.reduce((total, stats) => total + stats[key], 0);
  return { rssBytes: sum("rssBytes"), cpuSeconds: sum("cpuSeconds"), writeCalls: sum("writeCalls") };
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime + stime, in clock ticks (100 per second here)
}

/** CPU seconds used so far by every process named `command` on this machine (e.g. redis-server). */
export function cpuSecondsOf(command: string): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/stat`, "utf8").includes(`(${command})`)) continue;
      ticks += cpuTicks(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/** A reading of `pg_stat_wal` (see DatabaseCpu.wal). */
export interface WalStats {
  readonly records: number;
  readonly bytes: number;
  readonly syncs: number | null; // null: not in pg_stat_wal (PostgreSQL 18 and later)
  readonly syncMs: number | null; // null: track_wal_io_timing is off, or no flush counts
}

/**
 * CPU used by the PostgreSQL backends serving one database, and only those: their pids are read from
 * `pg_stat_activity` every `everyMs` and each backend's CPU counted from its first sighting to its
 * last (a backend that exits between two samples loses at most one interval; one that starts
 * between them, what it used before being seen). Shared background processes (WAL writer,
 * checkpointer) belong to no database and are not counted: the figure is a floor, the same way for
 * every server measured.
 */
export class DatabaseCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly client: pg.Client;
  private timer: ReturnType<typeof setInterval> | undefined;
  private ownPid = -1;

  constructor(
    connectionString: string,
    private readonly database: string,
    private readonly everyMs = 250,
  ) {
    this.client = new pg.Client({ connectionString });
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.ownPid = Number((await this.client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid ?? -1);
    await this.sample();
    this.timer = setInterval(() => void this.sample().catch(() => undefined), this.everyMs);
  }

  /** CPU seconds used by the database's backends since `start`. */
  async seconds(): Promise<number> {
    await this.sample();
    let ticks = 0;
    for (const [pid, from] of this.first) ticks += (this.last.get(pid) ?? from) - from;
    return ticks / 100;
  }

  /**
   * What the PostgreSQL server has written to its WAL so far, and how often and how long it waited
   * for the disk to flush it (`pg_stat_wal`, PostgreSQL 14+). Server-wide, not per database: taken
   * while only the benchmark runs, a difference between two readings is the benchmark's. The flush
   * time is only measured with `track_wal_io_timing` on (null otherwise).
   */
  async wal(): Promise<WalStats> {
    // As JSON: PostgreSQL 18 moved the flush counts out of pg_stat_wal (to pg_stat_io); they read as null there.
    const { rows } = await this.client.query<{ wal: Record<string, unknown>; timing: string }>(
      "SELECT to_jsonb(w) AS wal, current_setting('track_wal_io_timing', true) AS timing FROM pg_stat_wal w",
    );
    const wal = rows[0]?.wal ?? {};
    const syncs = typeof wal.wal_sync === "number" ? wal.wal_sync : null;
    return {
      records: Number(wal.wal_records ?? 0),
      bytes: Number(wal.wal_bytes ?? 0),
      syncs,
      syncMs: syncs !== null && rows[0]?.timing === "on" && typeof wal.wal_sync_time === "number" ? wal.wal_sync_time : null,
    };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client.end().catch(() => undefined);
  }

  private async sample(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [this.database]);
    for (const { pid } of rows) {
      if (pid === this.ownPid) continue;
      try {
        const ticks = cpuTicks(pid);
        if (!this.first.has(pid)) this.first.set(pid, ticks);
        this.last.set(pid, ticks);
      } catch {
        // exited since the query
      }
    }
  }
}

/** The machine's CPU time so far, all cores (the first line of /proc/stat, in clock ticks). */
export interface HostCpu {
  readonly total: number;
  /** Time the hypervisor ran someone else while this virtual machine had work ("steal"). */
  readonly stolen: number;
}

/** Reads the machine's CPU counters from the text of /proc/stat (`cpu  user nice system idle iowait irq softirq steal …`). */
export function hostCpuOf(procStat: string): HostCpu {
  const fields = (procStat.split("\n", 1)[0] ?? "").trim().split(/\s+/u).slice(1, 9).map(Number);
  return { total: fields.reduce((sum, each) => sum + each, 0), stolen: fields[7] ?? 0 };
}

export const hostCpu = (): HostCpu => hostCpuOf(readFileSync("/proc/stat", "utf8"));

/**
 * The share of the machine's CPU time stolen by the hypervisor between two readings, in percent: on a
 * shared virtual machine, the other tenants' load, which no load average of this machine shows and
 * which moves every figure of a run (bench:load prints it per phase).
 */
export function stolenPercent(before: HostCpu, after: HostCpu): number {
  const total = after.total - before.total;
  return total > 0 ? Number(((100 * (after.stolen - before.stolen)) / total).toFixed(1)) : 0;
}
