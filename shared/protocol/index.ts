export * from "./errors";
export * from "./limits";
export * from "./messages";
export * from "./schemas";
export * from "./logMerge";
export * from "./chat";
export * from "./push";
export * from "./roomPush";
