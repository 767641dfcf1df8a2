/**
 * A small, general English thesaurus for tool search: the everyday words people use for the
 * actions and objects that tool APIs name more formally (CRUD verbs, messages, files, people, time).
 * Written as general vocabulary, not from any query set; a query term also matches its group's
 * other words at a lower weight ({@link SYNONYM_WEIGHT}).
 * @module
 */

/** How much a synonym's match counts next to the query's own word. */
export const SYNONYM_WEIGHT = 0.5;

/** Each line is one group of interchangeable words. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // actions
  ["create", "make", "new", "add", "open", "start", "register"],
  ["delete", "remove", "erase", "destroy", "drop", "discard", "trash"],
  ["get", "fetch", "retrieve", "read", "show", "view", "display", "see", "look"],
  ["list", "enumerate", "all", "browse"],
  ["find", "search", "lookup", "locate", "query", "seek"],
  ["update", "edit", "modify", "change", "alter", "rename", "set"],
  ["send", "post", "deliver", "submit", "dispatch", "notify", "tell"],
  ["reply", "respond", "answer"],
  ["copy", "duplicate", "clone"],
  ["move", "relocate", "transfer"],
  ["download", "save", "export"],
  ["upload", "import", "attach"],
  ["close", "resolve", "finish", "complete", "end", "done"],
  ["cancel", "abort", "stop", "decline", "reject"],
  ["approve", "accept", "confirm"],
  ["assign", "delegate", "give"],
  ["schedule", "book", "reserve", "plan"],
  ["restore", "recover", "undelete", "undo"],
  ["archive", "store"],
  ["compress", "zip", "archive", "pack"],
  ["extract", "unzip", "unpack", "decompress"],
  ["run", "execute", "launch", "invoke", "trigger"],
  ["share", "grant", "permission", "access"],
  ["mute", "silence", "snooze", "quiet"],
  ["count", "total", "number", "size"],
  // objects
  ["issue", "bug", "ticket", "defect", "problem"],
  ["message", "dm", "chat", "note", "text"],
  ["email", "mail", "inbox"],
  ["meeting", "event", "appointment"],
  ["calendar", "agenda", "schedule"],
  ["file", "document", "doc"],
  ["folder", "directory", "dir"],
  ["repository", "repo", "project"],
  ["user", "person", "people", "member", "account", "colleague", "teammate"],
  ["contact", "customer", "client", "lead"],
  ["channel", "room", "group"],
  ["comment", "remark", "feedback"],
  ["log", "logs", "output", "trace"],
  ["alert", "alarm", "warning", "incident"],
  ["error", "failure", "fail", "crash", "exception"],
  ["permission", "access", "right", "role"],
  ["table", "database", "db"],
  ["picture", "image", "photo", "png", "jpg"],
  // time
  ["today", "now", "current"],
  ["recent", "latest", "last", "new"],
  ["vacation", "holiday", "leave", "absence"],
];
